import Foundation
import HealthTesting
import Testing

private func object(_ response: LoopbackHTTPClient.Response) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
}

/// The hand-written export through the real binary: uploaded to `POST /health/import`
/// over a socket (with a length and chunked), and imported by `healthd import`.
@Suite struct ImportEndToEndTests {
    static let token = "import-e2e-token-0123456789abcdef"

    static func steps(_ client: LoopbackHTTPClient, _ day: String) throws -> Double? {
        let daily = object(try client.send(method: "GET", path: "/health/daily?from=\(day)&to=\(day)", token: token))
        let days = daily["days"] as? [[String: Any]]
        return ((days?.first?["metrics"] as? [String: Any])?["step_count"] as? [String: Any])?["total"] as? Double
    }

    @Test func anUploadedExportIsImportedInTheBackground() async throws {
        try await withServerProcess(arguments: ["--timezone", "Europe/Berlin", "--max-import-bytes", "1000000"], environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let zip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ExportFixture.zip(into: ExportFixture.temporaryDirectory()))))
            let port = server.port
            try await blocking {
                let client = try LoopbackHTTPClient(port: port)
                let started = try client.send(method: "POST", path: "/health/import", token: Self.token,
                                              headers: [("Content-Type", "application/zip")], body: zip)
                #expect(started.status == 202)
                let id = try #require(object(started)["id"] as? String)
                #expect(started.header("Location") == "/health/import/\(id)")
                var job: [String: Any] = [:]
                for _ in 0..<300 {
                    job = object(try client.send(method: "GET", path: "/health/import/\(id)", token: Self.token))
                    if job["finished"] as? Bool == true { break }
                    usleep(20_000)
                }
                #expect(job["status"] as? String == "done")
                let result = try #require(job["result"] as? [String: Any])
                #expect(result["inserted"] as? Int == 20)
                #expect(result["routesLinked"] as? Int == 2)
                #expect(try Self.steps(client, "2026-03-29") == 2200)
                #expect(try Self.steps(client, "2026-03-30") == 1100)

                // The same file again, chunked this time: nothing changes.
                var chunked = Array("POST /health/import HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(Self.token)\r\nContent-Type: application/zip\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
                var offset = 0
                while offset < zip.count {
                    let piece = zip[offset..<min(zip.count, offset + 1_000)]
                    chunked += Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
                    offset += piece.count
                }
                chunked += Array("0\r\n\r\n".utf8)
                try client.sendRaw(chunked)
                let again = try client.readResponse(method: "POST")
                #expect(again.status == 202)
                let second = try #require(object(again)["id"] as? String)
                for _ in 0..<300 {
                    job = object(try client.send(method: "GET", path: "/health/import/\(second)", token: Self.token))
                    if job["finished"] as? Bool == true { break }
                    usleep(20_000)
                }
                #expect(job["status"] as? String == "done", "\(job)")
                let repeated = try #require(job["result"] as? [String: Any])
                #expect(repeated["inserted"] as? Int == 0)
                #expect(repeated["updated"] as? Int == 0)
                #expect(repeated["unchanged"] as? Int == 20)

                // An upload over the import limit is refused before it is stored.
                let limited = try LoopbackHTTPClient(port: port)
                let tooLarge = try limited.send(method: "POST", path: "/health/import", token: Self.token,
                                                headers: [("Content-Type", "application/zip")], body: [UInt8](repeating: 0x50, count: 1_000_001))
                #expect(tooLarge.status == 413)
            }
            // Nothing is left in the spool folder once the jobs ended.
            let spool = (try? FileManager.default.contentsOfDirectory(atPath: server.directory + "/data/imports")) ?? []
            #expect(spool.allSatisfy { !$0.hasSuffix(".part") })
        }
    }

    @Test func anUploadWithoutAValidTokenIsRefusedBeforeItsBodyIsRead() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            try await blocking {
                for authorization in ["", "Authorization: Bearer wrong-token\r\n"] {
                    let client = try LoopbackHTTPClient(port: port)
                    // A gigabyte announced, nothing sent: the answer must come without waiting for it.
                    try client.sendRaw(Array("POST /health/import HTTP/1.1\r\nHost: localhost\r\n\(authorization)Content-Type: application/zip\r\nContent-Length: 1000000000\r\n\r\n".utf8))
                    let refused = try client.readResponse(method: "POST")
                    #expect(refused.status == 401)
                    #expect(client.waitForClose(seconds: 5))
                }
            }
            let spool = (try? FileManager.default.contentsOfDirectory(atPath: server.directory + "/data/imports")) ?? []
            #expect(spool.isEmpty)
        }
    }

    @Test func theImportCommandPrintsItsTableAndARerunChangesNothing() async throws {
        let folder = try ExportFixture.temporaryDirectory()
        let zip = try ExportFixture.zip(into: folder)
        let database = folder.appendingPathComponent("health.sqlite").path
        let first = try await ChildProcess.run(ServerProcess.binaryPath, ["import", zip, "--db", database])
        let second = try await ChildProcess.run(ServerProcess.binaryPath, ["import", zip, "--db", database])
        let missing = try await ChildProcess.run(ServerProcess.binaryPath, ["import", folder.appendingPathComponent("nothing.zip").path, "--db", database])
        #expect(first.status == 0)
        #expect(first.output.contains("HKQuantityTypeIdentifierStepCount"))
        #expect(first.output.contains("inserted            20"))
        // Not a terminal: one line per stage on standard error.
        #expect(first.errors.contains("import: opening"))
        #expect(first.errors.contains("import: done"))
        #expect(second.status == 0)
        #expect(second.output.contains("inserted            0"))
        #expect(second.output.contains("unchanged           20"))
        #expect(missing.status == 1)
    }
}
