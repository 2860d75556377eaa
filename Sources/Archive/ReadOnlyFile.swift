#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for positioned reads (`pread`), so several readers (the XML entry and
/// a workout's route file) can share one descriptor without a shared file offset.
/// Reads block: callers run on their own thread, never on the cooperative pool.
public final class ReadOnlyFile {
    /// The descriptor; closed on deinit.
    let descriptor: Int32
    /// The path it was opened from.
    public let path: String
    /// The size in bytes at open time.
    public let size: Int64

    /// Opens `path` for reading.
    public init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ArchiveError(.io, "cannot open '\(path)': \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw ArchiveError(.io, "cannot stat '\(path)': \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ArchiveError(.io, "'\(path)' is not a regular file")
        }
        descriptor = fd
        self.path = path
        size = Int64(info.st_size)
    }

    deinit { close(descriptor) }

    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if count < 0 {
                if errno == EINTR { continue }
                throw ArchiveError(.io, "cannot read '\(path)': \(String(cString: strerror(errno)))", offset: offset + Int64(done))
            }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Exactly `count` bytes at `offset`, or a `truncated` error naming the offset.
    public func bytes(_ count: Int, at offset: Int64) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        let got = try out.withUnsafeMutableBytes { (raw) throws -> Int in try read(into: raw, at: offset) }
        guard got == count else {
            throw ArchiveError(.truncated, "the file ends after \(offset + Int64(got)) bytes, inside a record that needs \(count) bytes", offset: offset + Int64(got))
        }
        return out
    }
}
