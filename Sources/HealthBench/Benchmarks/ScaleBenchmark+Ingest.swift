#if canImport(Glibc)
import Glibc
#endif
import HealthAPI
import HealthFormats
import HealthTesting
import JSON

extension ScaleBenchmark {
    /// Posts the feed's batches to POST /health/ingest on `connections` keep-alive
    /// connections, each on a thread of its own, until the phase is over. `pace`: at most
    /// this many samples/s per connection (each request still waits for its answer).
    static func pump(_ feed: ScaleIngestFeed, port: Int, token: String, batchSize: Int, connections: Int, pace: Int? = nil) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<connections {
                group.addTask { try await blocking { try post(feed, port: port, token: token, batchSize: batchSize, pace: pace) } }
            }
            try await group.waitForAll()
        }
    }

    /// One connection's loop. Every answer must be 200 with nothing rejected: a rejected
    /// sample is a fault of the generator, which the benchmark must not hide.
    static func post(_ feed: ScaleIngestFeed, port: Int, token: String, batchSize: Int, pace: Int?) throws {
        let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 600)
        let interval: UInt64? = pace.map { $0 > 0 ? UInt64(Double(batchSize) / Double($0) * 1e9) : 0 }
        // A paced phase is the backup's: its first batch goes out even if the backup is
        // already over, so the phase always has a request to report.
        var first = pace != nil
        while let batch = feed.take(batchSize, first: first) {
            first = false
            let body = JSONWriter.serialize(["samples": .array(batch.map(\.json))])
            let started = AppClock.monotonicNanoseconds()
            let response = try client.send(method: "POST", path: "/health/ingest", token: token, body: body)
            let answered = AppClock.monotonicNanoseconds()
            guard response.status == 200 else {
                throw LoopbackHTTPClient.ClientError(description: "ingest answered \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
            }
            let reply = try? JSONParser.parse(response.body)
            if let rejected = reply?["rejected"]?.int64Value, rejected > 0 {
                throw LoopbackHTTPClient.ClientError(description: "ingest rejected \(rejected) generated samples: \(String(decoding: response.body.prefix(600), as: UTF8.self))")
            }
            feed.answered(count: batch.count, inserted: Int(reply?["inserted"]?.int64Value ?? 0),
                          latencyMs: Double(answered - started) / 1e6, at: answered)
            if let interval, answered - started < interval {
                usleep(UInt32(min((interval - (answered - started)) / 1_000, 10_000_000)))
            }
        }
    }
}
