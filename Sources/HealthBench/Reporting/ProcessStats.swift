#if canImport(Glibc)
import Glibc
#endif
import HealthAPI

/// Resident memory of this process or another, from /proc/PID/status (Linux).
enum ProcessStats {
    /// Current and peak resident set size in bytes of this process.
    static func residentMemory() -> (current: Int, peak: Int) { residentMemory(status: "/proc/self/status") }

    /// Current and peak resident set size in bytes of process `pid` (zeros when it is gone).
    static func residentMemory(pid: Int32) -> (current: Int, peak: Int) { residentMemory(status: "/proc/\(pid)/status") }

    private static func residentMemory(status path: String) -> (current: Int, peak: Int) {
        guard let text = TokenProvider.readFile(path) else { return (0, 0) }
        func kilobytes(_ field: String) -> Int {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
            return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024
        }
        return (kilobytes("VmRSS:"), kilobytes("VmHWM:"))
    }

    /// Resets the resident-set high-water mark (`VmHWM`) of process `pid` to its current
    /// size, so a later peak is that of what ran in between (5 to /proc/PID/clear_refs).
    static func resetPeakMemory(pid: Int32) {
        let fd = open("/proc/\(pid)/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
    }

    /// Size of a file in bytes (0 when missing).
    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
