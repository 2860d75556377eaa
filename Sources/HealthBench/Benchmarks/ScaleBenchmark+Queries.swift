import HealthDomain
import HealthTesting

extension ScaleBenchmark {
    /// The queries timed at each checkpoint, by the names the table shows.
    static let queryNames = ["daily summary", "range 366 d", "series week ×10 y", "sleep_report 92 n", "readiness"]

    /// One query's server times at a checkpoint.
    struct QueryTiming: Equatable, Sendable {
        var name: String
        var p50: Double
        var p99: Double
    }

    /// Times each query `iterations` times over one keep-alive connection, as the server
    /// reports it (`X-Response-Time`: its own time, without the loopback). Days are drawn
    /// with a fixed seed from the history's first day to its last complete one; the
    /// weekly series always spans the whole ten years.
    static func timeQueries(port: Int, token: String, iterations: Int, first: DayKey, last: DayKey, zone: String) throws -> [QueryTiming] {
        let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 600)
        var random = SeededDraws(seed: 7, day: last.ordinal, stream: 1)
        func day() -> DayKey { first.adding(days: random.int(0...max(0, last.ordinal - first.ordinal))) }
        let seriesTo = LifetimeHistory.lastDay
        let seriesFrom = seriesTo.adding(days: -(3_660 - 1))
        let make: [() -> (String, String, String?)] = [
            { ("GET", "/health/summary/daily?day=\(day())&timezone=\(zone)", nil) },
            { let d = day(); return ("GET", "/health/summary/range?from=\(d.adding(days: -365))&to=\(d)&timezone=\(zone)", nil) },
            { ("POST", "/health/query", #"{"intent":"metric_series","metric":"step_count","from":"\#(seriesFrom)","to":"\#(seriesTo)","bucket":"week","timezone":"\#(zone)"}"#) },
            { let d = day(); return ("POST", "/health/query", #"{"intent":"sleep_report","from":"\#(d.adding(days: -91))","to":"\#(d)","timezone":"\#(zone)"}"#) },
            { ("POST", "/health/query", #"{"intent":"readiness","date":"\#(day())","timezone":"\#(zone)"}"#) },
        ]
        var timings: [QueryTiming] = []
        for (name, request) in zip(queryNames, make) {
            var times: [Double] = []
            // The first few warm the server's caches and are not counted.
            for i in 0..<(iterations + 3) {
                let (method, path, body) = request()
                let response = try client.send(method: method, path: path, token: token, body: Array((body ?? "").utf8))
                guard response.status == 200 else {
                    throw LoopbackHTTPClient.ClientError(description: "\(name) (\(path)) answered \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
                }
                guard let header = response.header("X-Response-Time"), let ms = Double(header.dropLast(2)) else {
                    throw LoopbackHTTPClient.ClientError(description: "\(name) answered without X-Response-Time")
                }
                if i >= 3 { times.append(ms) }
            }
            timings.append(QueryTiming(name: name, p50: BenchmarkTable.percentile(times, 0.5), p99: BenchmarkTable.percentile(times, 0.99)))
        }
        return timings
    }
}
