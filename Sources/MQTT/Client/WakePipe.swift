#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking pipe that wakes the client's loop from `poll` when a message is submitted
/// or shutdown is asked for. Sendable: its two descriptors are fixed at creation and the
/// calls on them (write, read, close at deinit) are safe from any thread.
final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(MQTTError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw MQTTError(.io, "cannot create a pipe (errno \(errno))") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes the read end readable. A full pipe already wakes the loop, so a failed write
    /// (`EAGAIN`) loses nothing.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
