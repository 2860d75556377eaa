import Foundation
import HealthTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The read API and the observation batch against the real binary over sockets: a
/// 100,000-record CSV export streamed in constant memory, and the 61st request of a
/// minute refused with the rate-limit headers.
@Suite(.serialized) struct ReadAPIEndToEndTests {
    static let token = "e2e-read-token-4b1d9e7a2c"

    /// A field of /proc/<pid>/status in bytes (`VmRSS`, `VmHWM`).
    static func memory(_ pid: Int32, _ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }

    /// Runs curl, returning its exit status.
    static func curl(_ arguments: [String]) async throws -> Int32 {
        try await ChildProcess.run("/usr/bin/env", ["curl", "--silent", "--show-error"] + arguments).status
    }

    @Test func csvExportOf100kSamplesStreamsInConstantMemory() async throws {
        // Under AddressSanitizer freed memory sits in a quarantine (256 MB by default), so
        // resident memory follows what was ever allocated, not what is live; without the
        // quarantine the bound measures the same thing as in a plain build. Outside ASan
        // the variable is ignored.
        let asanOptions = [ProcessInfo.processInfo.environment["ASAN_OPTIONS"], "quarantine_size_mb=0"].compactMap { $0 }.joined(separator: ":")
        try await withServerProcess(arguments: ["--timezone", "UTC", "--quiet"], environment: ["PRIVATE_API_BEARER_TOKEN": Self.token, "ASAN_OPTIONS": asanOptions]) { server in
            let port = server.port
            let token = Self.token
            let base: Int64 = 1_767_225_600_000 // 2026-01-01T00:00:00Z
            let statuses = try await blocking { () -> [Int] in
                let client = try LoopbackHTTPClient(port: port)
                var statuses: [Int] = []
                for batch in 0..<10 {
                    var body = "{\"samples\":["
                    for i in 0..<10_000 {
                        let n = Int64(batch * 10_000 + i)
                        if i > 0 { body += "," }
                        body += "{\"sampleKey\":\"e\(n)\",\"metric\":\"step_count\",\"startTimeMs\":\(base + n * 60_000),\"endTimeMs\":\(base + n * 60_000 + 30_000),"
                            + "\"valueNumber\":\(n % 97 + 1),\"unit\":\"count\",\"sourceName\":\"iPhone\",\"timezone\":\"UTC\"}"
                    }
                    body += "]}"
                    statuses.append(try client.send(method: "POST", path: "/health/ingest", token: token, body: Array(body.utf8)).status)
                }
                return statuses
            }
            #expect(statuses == Array(repeating: 200, count: 10))

            let pid = server.processIdentifier
            // Reset the peak so it measures the export only (Linux: 5 → clear_refs resets VmHWM).
            try? "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
            let before = Self.memory(pid, "VmRSS")
            let output = server.directory + "/export.csv"
            let headers = server.directory + "/export.headers"
            let url = "http://127.0.0.1:\(port)/health-data?types=steps&start=2026-01-01&limit=1000000&format=csv"
            let status = try await Self.curl(["-H", "Authorization: Bearer \(token)", "-D", headers, "-o", output, url])
            #expect(status == 0)
            let peak = Self.memory(pid, "VmHWM")
            let growth = peak - before
            print("csv export of 100000 samples: rss before \(before / 1024) KiB, peak \(peak / 1024) KiB, growth \(growth / 1024) KiB")
            #expect(before > 0 && peak > 0)
            #expect(growth < 64 * 1024 * 1024)

            let head = try String(contentsOfFile: headers, encoding: .utf8).lowercased()
            #expect(head.contains("transfer-encoding: chunked"))
            #expect(head.contains("content-type: text/csv"))
            let csv = try String(contentsOfFile: output, encoding: .utf8)
            let lines = csv.split(separator: "\r\n", omittingEmptySubsequences: true)
            #expect(lines.count == 100_001)
            #expect(lines.first == "type,value,unit,start_date,end_date,source,device")
            #expect(lines[1] == "steps,1,count,2026-01-01T00:00:00Z,2026-01-01T00:00:30Z,iPhone,")
            #expect(lines.last?.hasPrefix("steps,") == true)
        }
    }

    @Test func sixtyFirstRequestOfAMinuteIsRefusedOverTheSocket() async throws {
        try await withServerProcess(arguments: ["--quiet"], environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            let token = Self.token
            let replies = try await blocking { () -> [LoopbackHTTPClient.Response] in
                let client = try LoopbackHTTPClient(port: port)
                return try (1...61).map { _ in try client.send(method: "GET", path: "/ping", token: token) }
            }
            #expect(replies.prefix(60).allSatisfy { $0.status == 200 })
            let last = try #require(replies.last)
            #expect(last.status == 429)
            #expect(last.text.contains("RATE_LIMITED"))
            func header(_ reply: LoopbackHTTPClient.Response, _ name: String) -> String? { reply.header(name) }
            #expect(header(last, "X-RateLimit-Limit") == "60")
            #expect(header(last, "X-RateLimit-Remaining") == "0")
            #expect(header(replies[0], "X-RateLimit-Remaining") == "59")
            let reset = Int(header(last, "X-RateLimit-Reset") ?? "") ?? 0
            let now = Int(Date().timeIntervalSince1970)
            #expect(reset > now - 5 && reset <= now + 61)
            let retry = Int(header(last, "Retry-After") ?? "") ?? 0
            #expect((1...60).contains(retry))
            #expect(header(last, "X-Request-ID")?.isEmpty == false)
        }
    }
}
