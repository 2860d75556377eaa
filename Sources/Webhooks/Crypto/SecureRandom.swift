#if canImport(Glibc)
import Glibc
#endif

/// Random bytes from the kernel, for secrets.
public enum SecureRandom {
    /// `count` bytes read from `/dev/urandom`, which never blocks once the kernel's pool is
    /// initialised (long before a server starts) and is what getrandom(2) draws from.
    public static func bytes(_ count: Int) throws(WebhookError) -> [UInt8] {
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw WebhookError(.randomUnavailable, "cannot open /dev/urandom (errno \(errno))")
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress! + filled, count - filled)
            }
            if n > 0 {
                filled += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                throw WebhookError(.randomUnavailable, "short read from /dev/urandom")
            }
        }
        return bytes
    }
}
