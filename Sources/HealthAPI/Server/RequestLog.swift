#if canImport(Glibc)
import Locking
import Glibc
#endif
import Foundation
import HealthDomain
import Synchronization

/// One line per request — time, request id, method, route template, status, latency —
/// and never a body, a query string, a header value or a token: health values and
/// credentials must not reach log files. Lines are buffered and flushed by a background
/// thread so that logging never makes a request wait on a slow terminal or pipe.
public final class RequestLog: Sendable {
    private let buffer = Locked<[UInt8]>([])
    private let fd: Int32
    private let running = Atomic<Bool>(true)
    private let flushedAll = Atomic<Bool>(false)

    /// - Parameter fd: where lines go (standard error by default, so standard output
    ///   carries only the `listening on` line).
    public init(fd: Int32 = 2, flushIntervalMilliseconds: Int = 100) {
        self.fd = fd
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                usleep(UInt32(flushIntervalMilliseconds * 1000))
                flush()
            }
            flush()
            flushedAll.store(true, ordering: .releasing)
        }
        thread.name = "healthd-log"
        thread.start()
    }

    /// Logs a finished request. `route` is the route template (`/health/raw`), never the raw target.
    public func request(id: String, method: String, route: String, status: Int, microseconds: UInt64) {
        var line = RequestLog.timestamp(AppClock.system.now())
        line += " id="
        line += id
        line += " "
        line += method
        line += " "
        line += route
        line += " "
        line += String(status)
        line += " "
        line += RequestLog.milliseconds(microseconds)
        line += "ms\n"
        append(line)
    }

    /// Logs an operational message (start-up, shutdown, internal error kinds).
    public func message(_ text: String) {
        append(RequestLog.timestamp(AppClock.system.now()) + " " + text + "\n")
    }

    private func append(_ line: String) {
        buffer.withLock { $0.append(contentsOf: line.utf8) }
    }

    /// Writes out whatever is buffered.
    public func flush() {
        let bytes = buffer.withLock { buffer -> [UInt8] in
            let out = buffer
            buffer.removeAll(keepingCapacity: true)
            return out
        }
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }

    /// Stops the flusher after a last flush.
    public func close() {
        running.store(false, ordering: .releasing)
        flush()
    }

    /// `1234` µs → `1.234`.
    static func milliseconds(_ microseconds: UInt64) -> String {
        let whole = microseconds / 1000
        let fraction = microseconds % 1000
        let digits = String(fraction)
        return String(whole) + "." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// RFC 3339 UTC with milliseconds, without Foundation's formatters (hot path).
    static func timestamp(_ ms: Int64) -> String {
        // Floor division, so instants before 1970 land on the right day.
        let days = Int(ms >= 0 ? ms / 86_400_000 : (ms + 1) / 86_400_000 - 1)
        let msOfDay = Int(ms - Int64(days) * 86_400_000)
        let (y, m, d) = DayKey(ordinal: days).components
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(msOfDay / 3_600_000, 2)):\(pad(msOfDay / 60_000 % 60, 2)):\(pad(msOfDay / 1000 % 60, 2)).\(pad(msOfDay % 1000, 3))Z"
    }
}
