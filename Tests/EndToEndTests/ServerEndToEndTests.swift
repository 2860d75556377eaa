import Foundation
import HealthTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the healthd binary to its end and returns its exit status and standard output.
func runHealthd(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let result = try await ChildProcess.run(ServerProcess.binaryPath, arguments)
    return (result.status, result.output)
}

@Suite(.serialized) struct ServerEndToEndTests {
    static let token = "e2e-token-7f3a9c1d5b2e8f40"

    @Test func startsWithNoSetUpGeneratesATokenAndServes() async throws {
        try await withServerProcess { server in
            // Exactly one line on standard output.
            #expect(server.stdoutSoFar == "listening on http://127.0.0.1:\(server.port)\n")
            let token = try #require(server.generatedToken)
            #expect(token.count == 64)
            let attributes = try FileManager.default.attributesOfItem(atPath: server.directory + "/data/healthd.token")
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(server.stderr.contains("healthd.token"))
            for file in ["/data/health.sqlite", "/data/health.sqlite-wal"] {
                let mode = (try FileManager.default.attributesOfItem(atPath: server.directory + file)[.posixPermissions] as? NSNumber)?.intValue
                #expect(mode == 0o600, "\(file) is readable by others")
            }
            #expect(!server.stderr.contains(token))

            let port = server.port
            let (live, denied, allowed) = try await blocking {
                let client = try LoopbackHTTPClient(port: port)
                return (try client.send(method: "GET", path: "/health"),
                        try client.send(method: "GET", path: "/health/capabilities"),
                        try client.send(method: "GET", path: "/health/capabilities", token: token))
            }
            #expect(live.status == 200)
            #expect(live.text.contains("\"status\":\"ok\""))
            #expect(denied.status == 401)
            #expect(denied.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(allowed.status == 200)
            #expect(allowed.header("X-Request-ID") != nil)
            #expect(allowed.header("Cache-Control") == "no-store")
        }
    }

    @Test func ingestAndReadBackOverTheSocket() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let fixture = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/ingest/steps-watch-iphone-overlap.json"))
            let request = ((try JSONSerialization.jsonObject(with: fixture) as! [String: Any])["requests"] as! [[String: Any]])[0]
            let body = [UInt8](try JSONSerialization.data(withJSONObject: request))
            let port = server.port
            let token = Self.token
            let (ingest, resend, daily, raw) = try await blocking {
                let client = try LoopbackHTTPClient(port: port)
                return (try client.send(method: "POST", path: "/health/ingest", token: token, body: body),
                        try client.send(method: "POST", path: "/health/ingest", token: token, body: body),
                        try client.send(method: "GET", path: "/health/daily?from=2026-04-10&to=2026-04-10", token: token),
                        try client.send(method: "GET", path: "/health/raw?metric=step_count&limit=1", token: token))
            }
            #expect(ingest.status == 200)
            #expect(ingest.text.contains("\"inserted\":2"))
            #expect(resend.text.contains("\"unchanged\":2"))
            let days = (try JSONSerialization.jsonObject(with: Data(daily.body)) as? [String: Any])?["days"] as? [[String: Any]]
            let steps = (days?.first?["metrics"] as? [String: Any])?["step_count"] as? [String: Any]
            #expect(steps?["total"] as? Double == 3750)
            let page = try JSONSerialization.jsonObject(with: Data(raw.body)) as? [String: Any]
            #expect((page?["samples"] as? [Any])?.count == 1)
            #expect(page?["nextCursor"] is String)
        }
    }

    @Test func requestLogNamesRoutesButNeverValuesOrTokens() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            let token = Self.token
            let body = Array("""
            {"samples":[{"sampleKey":"PRIVATE-KEY-81723","metric":"body_mass_kg","startTimeMs":1775808000000,"endTimeMs":1775808000000,"valueNumber":81.723,"unit":"kg","timezone":"Europe/Berlin"}]}
            """.utf8)
            _ = try await blocking {
                let client = try LoopbackHTTPClient(port: port)
                _ = try client.send(method: "POST", path: "/health/ingest", token: token, body: body)
                _ = try client.send(method: "GET", path: "/health/raw?metric=body_mass_kg&fromMs=1775808000000", token: token)
                _ = try client.send(method: "GET", path: "/health/raw?metric=body_mass_kg", token: "wrong-token-55")
                return true
            }
            #expect(await server.stop() == 0)
            let log = server.stderr
            #expect(log.contains("POST /health/ingest 200"))
            #expect(log.contains("GET /health/raw 200"))
            #expect(log.contains("GET /health/raw 401"))
            for secret in [token, "wrong-token-55", "PRIVATE-KEY-81723", "81.723", "1775808000000"] {
                #expect(!log.contains(secret), "the log must not contain \(secret)")
            }
        }
    }

    @Test func sigtermLetsTheServerStopCleanly() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            let live = try await blocking { try LoopbackHTTPClient(port: port).send(method: "GET", path: "/health").status }
            #expect(live == 200)
            #expect(await server.stop(signal: SIGTERM) == 0)
            #expect(server.stderr.contains("stopped"))
            let refused = try? await blocking { try LoopbackHTTPClient(port: port, timeoutSeconds: 2).send(method: "GET", path: "/health").status }
            #expect(refused == nil)
        }
    }

    @Test func slowClientIsClosedAtTheHeadDeadlineWhile256OthersAreServed() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            let started = Date()
            async let slow: (Int?, Double) = blocking {
                let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 30)
                let t0 = Date()
                let head = Array("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n".utf8)
                for byte in head {
                    do { try client.sendRaw([byte]) } catch { break }
                    if client.waitForReadable(seconds: 1) { break }
                }
                let status = try? client.readResponse().status
                _ = client.waitForClose(seconds: 5)
                return (status, Date().timeIntervalSince(t0))
            }
            let served = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<256 {
                    group.addTask {
                        try await blocking {
                            let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 20)
                            var ok = 0
                            for _ in 0..<3 where try client.send(method: "GET", path: "/health").status == 200 { ok += 1 }
                            return ok
                        }
                    }
                }
                var total = 0
                for try await ok in group { total += ok }
                return total
            }
            let fastElapsed = Date().timeIntervalSince(started)
            #expect(served == 256 * 3)
            #expect(fastElapsed < 8, "the 256 clients were held up by the slow one (\(fastElapsed) s)")
            let (status, elapsed) = try await slow
            #expect(status == 408)
            #expect(elapsed > 9 && elapsed < 14, "closed after \(elapsed) s")
        }
    }

    @Test func helpExplainsCommandsFlagsAndVariables() async throws {
        let top = try await runHealthd(["--help"])
        #expect(top.status == 0)
        #expect(top.output.contains("serve"))
        let serve = try await runHealthd(["serve", "--help"])
        #expect(serve.status == 0)
        for flag in ["--host", "--port", "--db", "--token-file", "--max-body-bytes", "PRIVATE_API_BEARER_TOKEN"] {
            #expect(serve.output.contains(flag))
        }
        #expect(try await runHealthd(["serve", "--bogus"]).status == 2)
        #expect(try await runHealthd(["nonsense"]).status == 2)
    }
}
