#if canImport(Glibc)
import Glibc
#endif

/// Figures about this process read from Linux's `/proc`, for the `process_*` series every
/// Prometheus client exports. Each reader returns nil where `/proc` is missing or
/// unreadable, and the parsers are separate so they can be checked on fixed text.
public enum ProcessStats {
    /// The fields of `/proc/self/stat` these series need.
    public struct Stat: Sendable, Equatable {
        /// User-mode CPU time, in clock ticks (field 14).
        public var userTicks: UInt64
        /// Kernel-mode CPU time, in clock ticks (field 15).
        public var systemTicks: UInt64
        /// When the process started, in clock ticks after boot (field 22).
        public var startTicks: UInt64
        /// Virtual memory size in bytes (field 23).
        public var virtualBytes: UInt64

        /// The fields as read.
        public init(userTicks: UInt64, systemTicks: UInt64, startTicks: UInt64, virtualBytes: UInt64) {
            self.userTicks = userTicks
            self.systemTicks = systemTicks
            self.startTicks = startTicks
            self.virtualBytes = virtualBytes
        }
    }

    /// Resident memory in bytes: `/proc/self/statm`'s resident pages times the page size.
    public static func residentMemoryBytes() -> Double? {
        guard let text = readFile("/proc/self/statm"), let pages = parseStatmResidentPages(text) else { return nil }
        return Double(pages) * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Virtual memory size in bytes (`/proc/self/stat` field 23).
    public static func virtualMemoryBytes() -> Double? {
        guard let text = readFile("/proc/self/stat"), let stat = parseStat(text) else { return nil }
        return Double(stat.virtualBytes)
    }

    /// User plus system CPU time in seconds: `/proc/self/stat` utime + stime over `CLK_TCK`.
    public static func cpuSeconds() -> Double? {
        guard let text = readFile("/proc/self/stat"), let stat = parseStat(text) else { return nil }
        return Double(stat.userTicks + stat.systemTicks) / clockTicksPerSecond
    }

    /// The process's start as seconds since the epoch: the boot time (`btime` in
    /// `/proc/stat`) plus `/proc/self/stat`'s start time over `CLK_TCK`.
    public static func startTimeSeconds() -> Double? {
        guard let text = readFile("/proc/self/stat"), let stat = parseStat(text),
              let procStat = readFile("/proc/stat"), let boot = parseBootTime(procStat) else { return nil }
        return Double(boot) + Double(stat.startTicks) / clockTicksPerSecond
    }

    /// The open file descriptors: the entries of `/proc/self/fd`, not counting the one
    /// opened to list them.
    public static func openFileDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var count = 0
        while let entry = readdir(directory) {
            // The kernel's record is only as long as its name (d_reclen): read the name in
            // place up to its NUL, never as a copy of the whole 256-byte d_name field.
            let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
            guard name != ".", name != "..", Int32(name) != own else { continue }
            count += 1
        }
        return count
    }

    /// The soft limit on open file descriptors (`RLIMIT_NOFILE`), nil when unlimited
    /// (`RLIM_INFINITY`, all bits set, which the Glibc module cannot spell as a literal).
    public static func maxFileDescriptors() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(limit.rlim_cur)
    }

    /// Parses `/proc/<pid>/stat`. The command name (field 2) is in parentheses and may
    /// itself contain spaces and parentheses, so fields are counted from the last `)`.
    public static func parseStat(_ text: String) -> Stat? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        // Field 3 (the state) is the first one after the name.
        let fields = text[text.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        func field(_ number: Int) -> UInt64? {
            let index = number - 3
            guard index < fields.count else { return nil }
            return UInt64(fields[index].trimmingSuffixNewline())
        }
        guard let user = field(14), let system = field(15), let start = field(22), let virtual = field(23) else { return nil }
        return Stat(userTicks: user, systemTicks: system, startTicks: start, virtualBytes: virtual)
    }

    /// The resident page count, the second field of `/proc/<pid>/statm`.
    public static func parseStatmResidentPages(_ text: String) -> UInt64? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2 else { return nil }
        return UInt64(fields[1])
    }

    /// The boot time in seconds since the epoch, the `btime` line of `/proc/stat`.
    public static func parseBootTime(_ text: String) -> UInt64? {
        for line in text.split(separator: "\n") where line.hasPrefix("btime ") {
            return UInt64(line.dropFirst("btime ".count).trimmingSuffixNewline())
        }
        return nil
    }

    /// `sysconf(_SC_CLK_TCK)`: the unit of the times in `/proc/<pid>/stat` (100 on Linux).
    static var clockTicksPerSecond: Double {
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return ticks > 0 ? Double(ticks) : 100
    }

    /// A whole small file (`/proc` files report a size of 0, so read to the end).
    static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: buffer[0..<n])
            } else if n < 0, errno == EINTR {
                continue
            } else if n < 0 {
                return nil
            } else {
                return String(decoding: bytes, as: UTF8.self)
            }
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffixNewline() -> Substring {
        var text = self
        while text.last == "\n" || text.last == " " { text = text.dropLast() }
        return text
    }
}
