#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One spooled request body being written: a new file, owner-only, never an existing one.
///
/// Writes are plain `write(2)` calls of at most a receive buffer on the connection's task:
/// they land in the page cache and return in microseconds, and the file is never synced
/// here (the handler that keeps the upload decides about durability), so the task does
/// not wait on the disk.
final class SpoolFile {
    let path: String
    /// -1 once closed: closing twice could close a descriptor the number was reused for
    /// (the import job opening the renamed upload, say).
    private var fd: Int32

    /// Creates a new file in `directory` (O_EXCL: a name that exists is never reused or followed).
    init(directory: String) throws(HTTPParseError) {
        _ = mkdir(directory, 0o700)
        var random = SystemRandomNumberGenerator()
        let name = "\(directory)/upload-\(String(random.next(), radix: 16)).part"
        let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw HTTPParseError(.serviceUnavailable, "cannot store the upload") }
        self.fd = fd
        path = name
    }

    /// Appends `bytes`; a full disk answers 507 through the caller.
    func append(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) {
        var done = 0
        while done < bytes.count {
            let count = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw HTTPParseError(errno == ENOSPC ? .insufficientStorage : .serviceUnavailable, "cannot store the upload")
            }
            done += count
        }
    }

    func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
        fd = -1
    }

    func remove() {
        close()
        unlink(path)
    }
}
