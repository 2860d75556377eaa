import Foundation
import Metrics
import Testing

/// The `/proc` parsers on fixed text, and the live readings of this test process.
@Suite struct ProcessStatsTests {
    /// A stat line whose command name has spaces and parentheses, as a process may name itself.
    static let stat = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 1200 0 3 0 250 75 0 0 20 0 9 0 123456 1048576000 6000 "
        + "18446744073709551615 1 1 0 0 0 0 0 4096 17922 0 0 0 17 1 0 0 0 0 0\n"

    @Test func parsesStatFields() throws {
        let parsed = try #require(ProcessStats.parseStat(Self.stat))
        #expect(parsed == ProcessStats.Stat(userTicks: 250, systemTicks: 75, startTicks: 123_456, virtualBytes: 1_048_576_000))
        #expect(ProcessStats.parseStat("garbage") == nil)
        #expect(ProcessStats.parseStat("1 (x) S 1 2") == nil)
    }

    @Test func parsesStatmAndBootTime() {
        #expect(ProcessStats.parseStatmResidentPages("256000 6000 1500 300 0 9000 0\n") == 6_000)
        #expect(ProcessStats.parseStatmResidentPages("") == nil)
        #expect(ProcessStats.parseBootTime("cpu  1 2 3\nintr 5\nbtime 1700000000\nprocesses 9\n") == 1_700_000_000)
        #expect(ProcessStats.parseBootTime("cpu 1\n") == nil)
    }

    @Test func liveReadingsArePlausible() throws {
        let rss = try #require(ProcessStats.residentMemoryBytes())
        #expect(rss > 1_000_000)
        let virtual = try #require(ProcessStats.virtualMemoryBytes())
        #expect(virtual >= rss)
        #expect(try #require(ProcessStats.cpuSeconds()) > 0)
        let start = try #require(ProcessStats.startTimeSeconds())
        let now = Date().timeIntervalSince1970
        // Started before now, and not before the day this test suite was written.
        #expect(start <= now + 1 && start > 1_700_000_000)
        // Other tests in this process open and close descriptors concurrently, so an exact
        // before/after comparison races; descriptors this test holds must be counted.
        let held = (0..<200).map { _ in open("/dev/null", O_RDONLY) }
        defer { for fd in held { close(fd) } }
        #expect(held.allSatisfy { $0 >= 0 })
        #expect(try #require(ProcessStats.openFileDescriptors()) >= 200 + 3)
    }

    @Test func processFamiliesRender() throws {
        let registry = MetricsRegistry()
        try registry.registerProcessMetrics()
        let text = registry.render()
        for (name, type) in [("process_cpu_seconds_total", "counter"), ("process_open_fds", "gauge"),
                             ("process_resident_memory_bytes", "gauge"), ("process_start_time_seconds", "gauge"),
                             ("process_virtual_memory_bytes", "gauge")] {
            #expect(text.contains("# TYPE \(name) \(type)\n"), "\(name)")
            #expect(text.split(separator: "\n").contains { $0.hasPrefix(name + " ") }, "\(name)")
        }
    }
}
