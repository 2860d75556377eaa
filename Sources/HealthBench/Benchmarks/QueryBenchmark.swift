#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPTransport
import HealthAPI
import HealthCLI
import HealthDemo
import HealthDomain
import HealthTesting
import JSON
import HealthStore

/// `healthd-bench query`: server-side latency of every summary route and query intent
/// on years of history. Requests go through `APIHandler.handle` in-process (routing,
/// authentication, the handler, JSON serialization — everything but the socket), so the
/// numbers are the server's own time, as `X-Response-Time` reports it.
enum QueryBenchmark {
    static let help = """
    Usage: healthd-bench query [--db PATH] [--days N] [--iterations N] [--only TEXT] [--via mcp]

    Times every summary route and query intent in-process through the API handler (the
    server-side time, without the socket), and prints p50/p99/max in ms and the response
    size. Days are drawn across the whole history with a fixed seed.

      --db PATH        use this database (e.g. one made by healthd demo); without it a
                       deterministic history of --days days is generated into a temporary file
      --days N         days of generated history (default 1825, about 5 years; at
                       least \(minimumDays): the 366-day range summary also reads the 366 days before it)
      --iterations N   requests per query (default 300)
      --only TEXT      run only the queries whose name contains TEXT
      --via mcp        time each query intent (and the list_metrics and list_write_intents
                       tools) end to end over loopback, as its route and as the MCP tool call
                       wrapping it (tools/call on POST /mcp, as 2026-07-28 clients send it),
                       against the real server on a free port, and print both

    On the demo history:
      healthd demo --db /tmp/h.sqlite --days 1825 && healthd-bench query --db /tmp/h.sqlite
    Use the release build: swift run -c release healthd-bench query
    """

    struct Options {
        var databasePath: String?
        var days = 1825
        var iterations = 300
        var only: String?
        var viaMCP = false
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--db": options.databasePath = try reader.value()
            case "--days":
                guard let n = Int(try reader.value()), (minimumDays...maximumDays).contains(n) else {
                    throw ServeOptions.UsageError("--days must be \(minimumDays)–\(maximumDays): the 366-day range summary with its previous 366 days needs \(minimumDays)")
                }
                options.days = n
            case "--only": options.only = try reader.value()
            case "--via":
                guard try reader.value() == "mcp" else { throw ServeOptions.UsageError("--via takes mcp") }
                options.viaMCP = true
            case "--iterations":
                guard let n = Int(try reader.value()), n > 0 else { throw ServeOptions.UsageError("--iterations must be a positive integer") }
                options.iterations = n
            default: throw ServeOptions.UsageError("unknown option '\(flag)' (see healthd-bench query --help)")
            }
        }
        return options
    }

    /// How many days before its drawn (last) day each query reads, plus `edge`: its own
    /// span, the previous span of the same length for range summaries, the baseline for the
    /// daily summary. A drawn day is at least its margin after the history's first day, so
    /// every query reads days that have data.
    enum Margin {
        /// Slack so that no query starts on the history's first days.
        static let edge = 9
        static let dailySummary = Limits.summaryBaselineDays + edge
        static let range7 = 2 * 7 - 1 + edge
        static let range30 = 2 * 30 - 1 + edge
        /// The 366-day range and the 366 days before it: the longest reach.
        static let range366 = 2 * Limits.rangeSummaryDays - 1 + edge
        static let series366 = Limits.metricSeriesDays - 1 + edge
        static let compare30 = 2 * 30 - 1 + edge
        static let sleepReport30 = 30 + edge
        /// A day and the 28 before it: readiness's baselines.
        static let readiness = Baseline.windowDays + edge
        /// 366 days and the 28 before the first: every day's baseline.
        static let anomalies366 = Limits.anomalyScanDays - 1 + Baseline.windowDays + edge
        static let correlation366 = 366 - 1 + edge
        static let all = [dailySummary, range7, range30, range366, series366, compare30, sleepReport30, readiness, anomalies366, correlation366]
    }

    /// The fewest days of history on which every query can draw a day: the drawn day may
    /// be no earlier than the first day plus the largest margin.
    static var minimumDays: Int { (Margin.all.max() ?? 0) + 1 }
    static let maximumDays = 3660

    /// How many days a query with `margin` can draw from between `first` and `last`
    /// (inclusive); at least 1 once the history has `minimumDays` days.
    static func drawableDays(first: DayKey, last: DayKey, margin: Int) -> Int {
        last.ordinal - first.ordinal - margin + 1
    }

    static func run(_ options: Options) async throws -> String {
        let directory = NSTemporaryDirectory() + "healthd-bench-query-\(UUID().uuidString)"
        let path = options.databasePath ?? directory + "/bench.sqlite"
        defer { if options.databasePath == nil { try? FileManager.default.removeItem(atPath: directory) } }
        if let given = options.databasePath, !FileManager.default.fileExists(atPath: given) {
            throw ServeOptions.UsageError("no database at \(given); create one with healthd demo --db \(given) --days 1825")
        }
        let opened = try StoreOpener.open(path: path, priority: .default, nowMs: AppClock.system.now())
        let store = opened.store
        defer { store.close() }

        var generatedNote = ""
        if options.databasePath == nil {
            let started = AppClock.monotonicNanoseconds()
            var history = SummaryHistory()
            let last = ZoneClock.shared.dayKey(atMs: AppClock.system.now(), zone: SummaryHistory.zone).adding(days: -1)
            var batch: [Sample] = []
            for ordinal in last.adding(days: -(options.days - 1)).ordinal...last.ordinal {
                batch += history.samples(for: DayKey(ordinal: ordinal))
                if batch.count >= 20_000 || ordinal == last.ordinal {
                    let chunk = batch
                    try store.fill(chunk, nowMs: 1)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            generatedNote = "generated \(options.days) days in \(BenchmarkTable.format(Double(AppClock.monotonicNanoseconds() - started) / 1e9)) s (not timed below)\n"
        }

        let (sampleCount, firstDay, lastDay, aggregateRows) = try store.extent()
        guard let firstDay, let lastDay, lastDay - firstDay + 1 >= minimumDays else {
            let has = firstDay.flatMap { f in lastDay.map { l in "\(l - f + 1)" } } ?? "none"
            throw ServeOptions.UsageError("the database needs at least \(minimumDays) days of day aggregates (has \(has))")
        }
        let first = DayKey(ordinal: firstDay), last = DayKey(ordinal: lastDay)
        let zone = SummaryHistory.zone
        // "Now" is the morning after the last day, so yesterday is the last day with data.
        let nowMs = ZoneClock.shared.startOfDayMs(last.adding(days: 1), zone: zone) + 8 * 3_600_000
        let token = TokenProvider.generate()
        var config = ServerConfig()
        config.requestLog = false
        config.databasePath = path
        let app = try HealthApp(config: config, token: token, store: store, clock: .fixed(nowMs))

        var random = SplitMix64(seed: 11)
        func day(margin: Int) -> DayKey {
            let span = UInt64(drawableDays(first: first, last: last, margin: margin))
            return first.adding(days: margin + Int(random.next() % span))
        }
        typealias Make = () -> (HTTPMethod, String, String?)
        let tz = "timezone=\(zone)"
        let cases: [(String, Make)] = [
            ("GET summary/daily", { (.get, "/health/summary/daily?day=\(day(margin: Margin.dailySummary))&\(tz)", nil) }),
            ("GET summary/yesterday", { (.get, "/health/summary/yesterday?\(tz)", nil) }),
            ("GET summary/range 7 days", { let d = day(margin: Margin.range7); return (.get, "/health/summary/range?from=\(d.adding(days: -6))&to=\(d)&\(tz)", nil) }),
            ("GET summary/range 30 days", { let d = day(margin: Margin.range30); return (.get, "/health/summary/range?from=\(d.adding(days: -29))&to=\(d)&\(tz)", nil) }),
            ("GET summary/range 366 days", { let d = day(margin: Margin.range366); return (.get, "/health/summary/range?from=\(d.adding(days: -365))&to=\(d)&\(tz)", nil) }),
            ("query daily_summary", { (.post, "/health/query", #"{"intent":"daily_summary","day":"\#(day(margin: Margin.dailySummary))","timezone":"\#(zone)"}"#) }),
            ("query yesterday_summary", { (.post, "/health/query", #"{"intent":"yesterday_summary","timezone":"\#(zone)"}"#) }),
            ("query range_summary 366 days", { let d = day(margin: Margin.range366); return (.post, "/health/query", #"{"intent":"range_summary","from":"\#(d.adding(days: -365))","to":"\#(d)"}"#) }),
            ("query metric_series day ×366", { let d = day(margin: Margin.series366); return (.post, "/health/query", #"{"intent":"metric_series","metric":"step_count","from":"\#(d.adding(days: -365))","to":"\#(d)"}"#) }),
            ("query metric_series week ×5y", { (.post, "/health/query", #"{"intent":"metric_series","metric":"sleep_segment","from":"\#(last.adding(days: -1829))","to":"\#(last)","bucket":"week"}"#) }),
            ("query compare_ranges 30 vs 30", { let d = day(margin: Margin.compare30); return (.post, "/health/query", #"{"intent":"compare_ranges","a":{"from":"\#(d.adding(days: -59))","to":"\#(d.adding(days: -30))"},"b":{"from":"\#(d.adding(days: -29))","to":"\#(d)"}}"#) }),
            ("query workouts 30 days", { let d = day(margin: Margin.range30); return (.post, "/health/query", #"{"intent":"workouts","from":"\#(d.adding(days: -29))","to":"\#(d)"}"#) }),
            ("query sleep_report 30 nights", { let d = day(margin: Margin.sleepReport30); return (.post, "/health/query", #"{"intent":"sleep_report","from":"\#(d.adding(days: -29))","to":"\#(d)"}"#) }),
            ("query readiness", { (.post, "/health/query", #"{"intent":"readiness","date":"\#(day(margin: Margin.readiness))","timezone":"\#(zone)"}"#) }),
            ("query anomalies 366 days", { let d = day(margin: Margin.anomalies366); return (.post, "/health/query", #"{"intent":"anomalies","from":"\#(d.adding(days: -365))","to":"\#(d)","timezone":"\#(zone)"}"#) }),
            ("query anomalies 366 days brief", { let d = day(margin: Margin.anomalies366); return (.post, "/health/query", #"{"intent":"anomalies","from":"\#(d.adding(days: -365))","to":"\#(d)","timezone":"\#(zone)","detail":"brief"}"#) }),
            ("query records all time, goal", { (.post, "/health/query", #"{"intent":"records","metric":"step_count","goal":10000,"timezone":"\#(zone)"}"#) }),
            ("query correlation 366 days", { let d = day(margin: Margin.correlation366); return (.post, "/health/query", #"{"intent":"correlation","metricA":"step_count","metricB":"sleep_segment","from":"\#(d.adding(days: -365))","to":"\#(d)","lagDays":1}"#) }),
            ("query range_summary 366 days brief", { let d = day(margin: Margin.range366); return (.post, "/health/query", #"{"intent":"range_summary","from":"\#(d.adding(days: -365))","to":"\#(d)","detail":"brief"}"#) }),
        ]
        if options.viaMCP { return try await compareOverLoopback(cases: cases, app: app, transport: config.transport, token: token, options: options) }
        var table = BenchmarkTable(title: "healthd-bench query — server-side time per request (APIHandler.handle in-process: routing, auth, handler, JSON; no socket), \(options.iterations) requests each",
                                   columns: ["query", "p50 ms", "p99 ms", "max ms", "bytes (max)"])
        for (name, make) in cases where options.only.map({ name.contains($0) }) ?? true {
            var latencies: [Double] = []
            var maxBytes = 0
            for i in 0..<(options.iterations + 10) {
                let (method, target, body) = make()
                var headers: [(String, String)] = [("Host", "localhost"), ("Authorization", "Bearer \(token)")]
                if body != nil { headers.append(("Content-Type", "application/json")) }
                let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers), body: Array((body ?? "").utf8), remoteAddress: "127.0.0.1")
                let t0 = AppClock.monotonicNanoseconds()
                let response = await app.handler.handle(request)
                let elapsed = Double(AppClock.monotonicNanoseconds() - t0) / 1e6
                guard response.status.code == 200 else {
                    throw LoopbackHTTPClient.ClientError(description: "\(name) answered \(response.status.code): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
                }
                if i >= 10 { latencies.append(elapsed) }  // the first few warm caches
                maxBytes = max(maxBytes, response.body.count)
            }
            table.add([name, BenchmarkTable.format(BenchmarkTable.percentile(latencies, 0.5), decimals: 2), BenchmarkTable.format(BenchmarkTable.percentile(latencies, 0.99), decimals: 2),
                       BenchmarkTable.format(latencies.max() ?? 0, decimals: 2), BenchmarkTable.grouped(maxBytes)])
        }
        var out = table.rendered
        out += "database: \(path == options.databasePath ? path : "generated") — \(BenchmarkTable.grouped(sampleCount)) raw samples, \(BenchmarkTable.grouped(aggregateRows)) day aggregates, \(first) … \(last)\n"
        out += generatedNote
        out += "goals: daily, yesterday and readiness p99 < 5 ms, 366-day range, anomalies, records and correlation p99 < 25 ms; 366-day range summary < 8 KiB (8,192 bytes), brief answers < 4,000 bytes\n"
        return out
    }
}
