#if canImport(Glibc)
import Glibc
#endif
import HealthAPI

/// Resident memory of this process, from /proc/self/status (Linux).
enum ProcessStats {
    /// Current and peak resident set size in bytes.
    static func residentMemory() -> (current: Int, peak: Int) {
        guard let text = TokenProvider.readFile("/proc/self/status") else { return (0, 0) }
        func kilobytes(_ field: String) -> Int {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
            return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024
        }
        return (kilobytes("VmRSS:"), kilobytes("VmHWM:"))
    }

    /// Size of a file in bytes (0 when missing).
    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
