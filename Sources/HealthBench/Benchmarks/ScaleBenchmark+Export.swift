#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HealthAPI
import HealthCLI
import HealthTesting
import JSON

extension ScaleBenchmark {
    /// What importing the generated export measured.
    struct ExportImport: Sendable {
        var xmlBytes: Int64
        var zipBytes: Int64
        var generateSeconds: Double
        var uploadSeconds: Double
        /// From the upload's first byte to the job's report.
        var totalSeconds: Double
        var records: Int
        var inserted: Int
        /// The server's own figure for the import (records / its elapsed time).
        var serverRecordsPerSecond: Double
        var serverPeakRSS: Int
    }

    /// Generates an Apple Health export of about `gigabytes` GB of XML (``ExportGenerator``,
    /// about 50 MB a year), uploads it to POST /health/import as a zip streamed from the
    /// file, and polls the job until its report. The server's peak RSS is reset before the
    /// upload, so it is the import's.
    static func importExport(gigabytes: Double, folder: String, server: ScaleServer, token: String) async throws -> ExportImport {
        let path = folder + "/export.zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let years = max(1, Int((gigabytes * 1_024 / 50).rounded()))
        var started = AppClock.monotonicNanoseconds()
        CommandLineTool.printError("scale: generating an export of \(years) years (about \(BenchmarkTable.format(gigabytes)) GB of XML)")
        let written = try await blocking { try ExportGenerator(years: years).write(to: path) }
        let generateSeconds = seconds(since: started)

        ProcessStats.resetPeakMemory(pid: server.child.processIdentifier)
        started = AppClock.monotonicNanoseconds()
        let port = server.port
        let size = ProcessStats.fileSize(path)
        let accepted = try await blocking { () -> LoopbackHTTPClient.Response in
            let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 3_600)
            try client.sendRaw(Array("POST /health/import HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/zip\r\nContent-Length: \(size)\r\n\r\n".utf8))
            guard let file = FileHandle(forReadingAtPath: path) else { throw Failure(description: "cannot read \(path)") }
            defer { try? file.close() }
            while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty { try client.sendRaw(Array(chunk)) }
            return try client.readResponse(method: "POST")
        }
        let uploadSeconds = seconds(since: started)
        guard accepted.status == 202, let location = accepted.header("Location") else {
            throw Failure(description: "POST /health/import answered \(accepted.status): \(accepted.text.prefix(300))")
        }
        CommandLineTool.printError("scale: uploaded \(BenchmarkTable.format(Double(size) / 1_048_576)) MiB in \(BenchmarkTable.format(uploadSeconds)) s; importing")
        var job: JSONValue = .null
        while true {
            try await Task.sleep(nanoseconds: 500_000_000)
            let response = try await blocking { try LoopbackHTTPClient(port: port).send(method: "GET", path: location, token: token) }
            job = try JSONParser.parse(response.body)
            if job["finished"]?.boolValue == true { break }
        }
        let total = seconds(since: started)
        guard job["status"]?.stringValue == "done", let result = job["result"] else {
            throw Failure(description: "the import failed: \(String(decoding: JSONWriter.serialize(job["error"] ?? .null), as: UTF8.self))")
        }
        let records = Int(result["records"]?.int64Value ?? 0)
        let elapsed = result["elapsedSeconds"]?.doubleValue ?? 0
        return ExportImport(xmlBytes: written.xmlBytes, zipBytes: written.zipBytes, generateSeconds: generateSeconds, uploadSeconds: uploadSeconds,
                            totalSeconds: total, records: records, inserted: Int(result["inserted"]?.int64Value ?? 0),
                            serverRecordsPerSecond: elapsed > 0 ? Double(records) / elapsed : 0,
                            serverPeakRSS: server.residentMemory.peak)
    }

    static func seconds(since start: UInt64) -> Double { Double(AppClock.monotonicNanoseconds() - start) / 1e9 }
}
