#if canImport(Glibc)
import Glibc
#endif
import Locking

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7), formatted at most once per
/// second and shared by every connection.
final class DateCache: Sendable {
    static let shared = DateCache()

    private struct Entry {
        var second: Int = -1
        /// "Sun, 06 Nov 1994 08:49:37 GMT" as bytes.
        var bytes: [UInt8] = []
    }

    private let entry = Locked(Entry())

    /// Appends the current IMF-fixdate to `out`.
    func append(to out: inout [UInt8]) {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &ts)
        let second = Int(ts.tv_sec)
        entry.withLock { entry in
            if entry.second != second {
                entry.second = second
                entry.bytes = Self.format(second)
            }
            out.append(contentsOf: entry.bytes)
        }
    }

    /// Formats seconds since the epoch as an IMF-fixdate.
    static func format(_ secondsSinceEpoch: Int) -> [UInt8] {
        var time = time_t(secondsSinceEpoch)
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var out: [UInt8] = []
        out.reserveCapacity(29)
        func two(_ value: Int32) {
            out.append(UInt8(0x30 + value / 10))
            out.append(UInt8(0x30 + value % 10))
        }
        out.append(contentsOf: days[Int(parts.tm_wday)].utf8)
        out.append(contentsOf: ", ".utf8)
        two(parts.tm_mday)
        out.append(ASCII.space)
        out.append(contentsOf: months[Int(parts.tm_mon)].utf8)
        out.append(ASCII.space)
        let year = Int(parts.tm_year) + 1900
        out.append(contentsOf: String(year).utf8)
        out.append(ASCII.space)
        two(parts.tm_hour)
        out.append(ASCII.colon)
        two(parts.tm_min)
        out.append(ASCII.colon)
        two(parts.tm_sec)
        out.append(contentsOf: " GMT".utf8)
        return out
    }
}
