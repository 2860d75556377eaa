#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPTransport
import HealthAPI
import HealthCLI
import HealthDomain
import HealthFormats
import HealthTesting
import JSON
import HealthStore

/// `healthd-bench ingest`: fills a database to `prefill` samples, starts the real server
/// on a free port, and posts batches of fresh samples over HTTP, then re-sends them
/// unchanged. Reports samples/s, per-request p50/p99, database bytes per million
/// samples and resident memory, for three shapes of batch (`Scenario`).
enum IngestBenchmark {
    static let help = """
    Usage: healthd-bench ingest [--scenario mixed|sync|catalog|both|all] [--format native|healthsave|hae]
                                [--prefill N] [--batches N] [--batch-size N] [--connections N] [--db PATH]

    Measures ingest over HTTP against the live server (started in this process on a free
    port): fresh samples/s and unchanged re-sent samples/s for batches posted into a
    database that already holds --prefill samples, per-request p50/p99, database bytes
    per million samples, and resident memory.

      --scenario mixed   a phone's mixed minute: Watch active energy with overlapping Watch
                         and iPhone steps in every batch; prefill 1,000,000 samples
      --scenario sync    as an anchored HealthKit query delivers: each batch is one metric
                         from one source over consecutive minutes, rotating over the
                         canonical metrics except sleep; prefill 400,000 samples
      --scenario catalog a mix over up to 8 metrics of every kind in the catalog, one
                         sample of each per minute; prefill 400,000 samples
      --scenario both    mixed, then sync
      --scenario all     (default) mixed, sync and catalog, each into its own database
      --format healthsave  post HealthSave batches instead of native ones: heart-rate
                         batches in the v1 shape (date, qty, source) to /api/apple/batch and
                         step batches in the v2 shape (uuid, startDate, endDate, unit,
                         tzOffsetMinutes) to /api/v2/apple/batch, alternating; the database
                         is prefilled as for --scenario sync (the default scenario then)
      --format hae       post Health Auto Export bodies to /health/hae instead: batches
                         take turns between a heart-rate entry of Min/Avg/Max points and
                         a step entry of qty points, --batch-size points each (default
                         scenario: sync, for its prefill)
      --prefill N        samples in the database before the timed batches (default: the
                         scenario's); --db PATH keeps it (needs a single scenario)

    Use the release build:
      swift run -c release healthd-bench ingest
    """

    enum Scenario: String, CaseIterable, Sendable {
        case mixed, sync, catalog

        var defaultPrefill: Int {
            switch self {
            case .mixed: 1_000_000
            case .sync, .catalog: 400_000
            }
        }

        var title: String {
            switch self {
            case .mixed: "mixed minutes (active energy with Watch and iPhone steps)"
            case .sync: "sync-shaped (one metric and source per batch, consecutive minutes)"
            case .catalog: "catalog mix (\(CatalogMixSamples.specs.count) metrics of every kind, one sample of each per minute)"
            }
        }
    }

    /// The wire shape of the timed batches.
    enum Format: String, Sendable {
        case native, healthsave, hae
    }

    struct Options {
        var scenarios: [Scenario] = Scenario.allCases
        var format = Format.native
        /// Whether --scenario was given (HealthSave batches default to the sync prefill).
        var scenarioGiven = false
        var prefill: Int?
        var batches = 60
        var batchSize = 1_000
        var connections = 2
        var databasePath: String?
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        func int() throws -> Int {
            guard let n = Int(try reader.value()), n >= 0 else { throw ServeOptions.UsageError("\(reader.flag) needs a non-negative integer") }
            return n
        }
        while let flag = reader.nextFlag() {
            switch flag {
            case "--scenario":
                let name = try reader.value()
                if name == "all" { options.scenarios = Scenario.allCases }
                else if name == "both" { options.scenarios = [.mixed, .sync] }
                else if let scenario = Scenario(rawValue: name) { options.scenarios = [scenario] }
                else { throw ServeOptions.UsageError("--scenario must be mixed, sync, catalog, both or all (got '\(name)')") }
                options.scenarioGiven = true
            case "--format":
                let name = try reader.value()
                guard let format = Format(rawValue: name) else { throw ServeOptions.UsageError("--format must be native, healthsave or hae (got '\(name)')") }
                options.format = format
            case "--prefill": options.prefill = try int()
            case "--batches": options.batches = max(1, try int())
            case "--batch-size": options.batchSize = min(10_000, max(1, try int()))
            case "--connections": options.connections = min(16, max(1, try int()))
            case "--db": options.databasePath = try reader.value()
            default: throw ServeOptions.UsageError("unknown option '\(flag)' (see healthd-bench ingest --help)")
            }
        }
        if options.format != .native, !options.scenarioGiven { options.scenarios = [.sync] }
        if options.databasePath != nil, options.scenarios.count != 1 {
            throw ServeOptions.UsageError("--db needs a single scenario (--scenario mixed or --scenario sync)")
        }
        return options
    }

    static func run(_ options: Options) async throws -> String {
        var out = ""
        for (i, scenario) in options.scenarios.enumerated() {
            if i > 0 { out += "\n" }
            out += try await run(scenario, options, earlier: i > 0)
        }
        return out
    }

    /// One scenario. `earlier`: another scenario ran before in this process, so the peak
    /// resident memory may be that one's.
    static func run(_ scenario: Scenario, _ options: Options, earlier: Bool) async throws -> String {
        let directory = NSTemporaryDirectory() + "healthd-bench-\(UUID().uuidString)"
        let path = options.databasePath ?? directory + "/bench.sqlite"
        defer { if options.databasePath == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let opened = try StoreOpener.open(path: path, priority: .default, nowMs: AppClock.system.now())
        let store = opened.store
        defer { store.close() }
        let prefill = options.prefill ?? scenario.defaultPrefill

        // 1. Prefill through the store (not HTTP): this is set-up, not the measurement.
        var generator: any BenchSampleSource = switch scenario {
        case .mixed: SyntheticSamples(seed: 42)
        case .sync: SyncSamples(seed: 42, batchSize: options.batchSize)
        case .catalog: CatalogMixSamples(seed: 42)
        }
        let existing = try store.sampleCount()
        var stored = existing
        let prefillStart = AppClock.monotonicNanoseconds()
        while stored < prefill {
            let chunk = generator.next(min(10_000, prefill - stored))
            try store.fill(chunk, nowMs: 1)
            stored += chunk.count
            if stored % 200_000 < 10_000 { CommandLineTool.printError("bench: prefilled \(stored) samples") }
        }
        let prefillSeconds = Double(AppClock.monotonicNanoseconds() - prefillStart) / 1e9

        // 2. The real server on a free port.
        let token = TokenProvider.generate()
        var config = ServerConfig()
        config.port = 0
        config.requestLog = false
        config.databasePath = path
        let app = try HealthApp(config: config, token: token, store: store)
        var transport = config.transport
        let handler = app.handler
        transport.errorResponder = { status, reason, request in handler.transportErrorResponse(status: status, reason: reason, request: request) }
        let server = HTTPServer(configuration: transport, handler: handler)
        let port = try server.start()
        let serving = Task { await server.run() }

        // 3. Payloads, serialized up front so the client costs little.
        let warmup = 4
        var healthSave = HealthSaveBenchBatches()
        var haePayloads = HealthAutoExportBenchPayloads(seed: 42, pointsPerBatch: options.batchSize)
        let payloads: [Payload] = (0..<(options.batches + warmup)).map { _ in
            if options.format == .healthsave { return healthSave.next(options.batchSize) }
            if options.format == .hae { return Payload(path: "/health/hae", body: haePayloads.next()) }
            generator.startBatch()
            return Payload(path: "/health/ingest", body: JSONWriter.serialize(["samples": .array(generator.next(options.batchSize).map(\.json))]))
        }
        _ = try await post(Array(payloads.prefix(warmup)), port: port, token: token, connections: 1)
        let fresh = try await post(Array(payloads.dropFirst(warmup)), port: port, token: token, connections: options.connections)
        let unchanged = try await post(Array(payloads.dropFirst(warmup)), port: port, token: token, connections: options.connections)

        await server.shutdown()
        await serving.value
        let total = try store.checkpointAndCountSamples()
        let bytes = ProcessStats.fileSize(path) + ProcessStats.fileSize(path + "-wal")
        let memory = ProcessStats.residentMemory()

        let shape = switch options.format {
        case .healthsave: " --format healthsave: HealthSave heart-rate (v1) and step (v2) batches, alternating, into a database prefilled as for"
        case .hae: " --format hae: Health Auto Export bodies (heart-rate Min/Avg/Max and step entries) to /health/hae, prefilled as for"
        case .native: ""
        }
        var table = BenchmarkTable(title: "healthd-bench ingest\(shape) --scenario \(scenario.rawValue): \(scenario.title) — \(options.batches) batches of \(options.batchSize) samples over \(options.connections) keep-alive connection(s), into a database holding \(BenchmarkTable.grouped(stored)) samples",
                                   columns: ["phase", "samples/s", "requests", "p50 ms", "p99 ms", "max ms", "server p50 ms", "server p99 ms"])
        for (name, result) in [("fresh samples", fresh), ("unchanged re-sends", unchanged)] {
            table.add([name, BenchmarkTable.format(Double(options.batches * options.batchSize) / result.seconds, decimals: 0), String(result.latencies.count),
                       BenchmarkTable.format(BenchmarkTable.percentile(result.latencies, 0.5)), BenchmarkTable.format(BenchmarkTable.percentile(result.latencies, 0.99)),
                       BenchmarkTable.format(result.latencies.max() ?? 0),
                       BenchmarkTable.format(BenchmarkTable.percentile(result.serverTimes, 0.5)), BenchmarkTable.format(BenchmarkTable.percentile(result.serverTimes, 0.99))])
        }
        var out = table.rendered
        out += "database: \(BenchmarkTable.grouped(total)) samples in \(BenchmarkTable.format(Double(bytes) / 1_048_576)) MiB = \(BenchmarkTable.format(Double(bytes) / Double(max(total, 1)) * 1e6 / 1_048_576)) MiB per million samples\n"
        out += "resident memory (server and client in one process): \(BenchmarkTable.format(Double(memory.current) / 1_048_576)) MiB now, \(BenchmarkTable.format(Double(memory.peak) / 1_048_576)) MiB peak\(earlier ? " (the peak may be the earlier scenario's)" : "")\n"
        if stored > existing { out += "prefill (through the store, not timed above): \(BenchmarkTable.grouped(stored - existing)) samples in \(BenchmarkTable.format(prefillSeconds)) s\n" }
        return out
    }

    struct PhaseResult: Sendable {
        var seconds: Double
        /// Client-measured request latencies, ms.
        var latencies: [Double]
        /// Server-measured handling times (X-Response-Time), ms.
        var serverTimes: [Double]
    }

    /// One timed request: where it goes and its body.
    struct Payload: Sendable {
        var path: String
        var body: [UInt8]
    }

    /// Posts every payload, spread over `connections` client threads; each request must be 200.
    static func post(_ payloads: [Payload], port: Int, token: String, connections: Int) async throws -> PhaseResult {
        let started = AppClock.monotonicNanoseconds()
        let results = try await withThrowingTaskGroup(of: ([Double], [Double]).self) { group in
            for c in 0..<connections {
                let share = stride(from: c, to: payloads.count, by: connections).map { payloads[$0] }
                group.addTask { try await blocking { try postSequentially(share, port: port, token: token) } }
            }
            var all: ([Double], [Double]) = ([], [])
            for try await (latencies, serverTimes) in group { all.0 += latencies; all.1 += serverTimes }
            return all
        }
        return PhaseResult(seconds: Double(AppClock.monotonicNanoseconds() - started) / 1e9, latencies: results.0, serverTimes: results.1)
    }

    static func postSequentially(_ payloads: [Payload], port: Int, token: String) throws -> ([Double], [Double]) {
        // A benchmark times answers rather than bounding them: the miniature runs in the tests share
        // two cores with sanitized test processes, where one answer can take far over the default 30 s.
        let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 300)
        var latencies: [Double] = []
        var serverTimes: [Double] = []
        for payload in payloads {
            let t0 = AppClock.monotonicNanoseconds()
            let response = try client.send(method: "POST", path: payload.path, token: token, body: payload.body)
            latencies.append(Double(AppClock.monotonicNanoseconds() - t0) / 1e6)
            if let time = response.header("X-Response-Time"), let ms = Double(time.dropLast(2)) { serverTimes.append(ms) }
            guard response.status == 200 else {
                throw LoopbackHTTPClient.ClientError(description: "ingest answered \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
            }
        }
        return (latencies, serverTimes)
    }
}
