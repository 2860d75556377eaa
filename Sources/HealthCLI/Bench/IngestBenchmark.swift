#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPTransport
import HealthAPI
import HealthDomain
import JSON
import HealthStore

/// `healthd bench ingest`: fills a database to `prefill` samples, starts the real server
/// on a free port, and posts batches of fresh samples over HTTP, then re-sends them
/// unchanged. Reports samples/s, per-request p50/p99, database bytes per million
/// samples and resident memory, for three shapes of batch (`Scenario`).
enum IngestBenchmark {
    static let help = """
    Usage: healthd bench ingest [--scenario mixed|sync|catalog|both|all] [--format native|healthsave|hae]
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
      swift run -c release healthd bench ingest
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
            default: throw ServeOptions.UsageError("unknown option '\(flag)' (see healthd bench ingest --help)")
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
        let app = HealthApp(config: config, token: token, store: store)
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
        var table = BenchmarkTable(title: "healthd bench ingest\(shape) --scenario \(scenario.rawValue): \(scenario.title) — \(options.batches) batches of \(options.batchSize) samples over \(options.connections) keep-alive connection(s), into a database holding \(BenchmarkTable.grouped(stored)) samples",
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
                group.addTask { try await onThread { try postSequentially(share, port: port, token: token) } }
            }
            var all: ([Double], [Double]) = ([], [])
            for try await (latencies, serverTimes) in group { all.0 += latencies; all.1 += serverTimes }
            return all
        }
        return PhaseResult(seconds: Double(AppClock.monotonicNanoseconds() - started) / 1e9, latencies: results.0, serverTimes: results.1)
    }

    static func postSequentially(_ payloads: [Payload], port: Int, token: String) throws -> ([Double], [Double]) {
        let client = try LoopbackHTTPClient(port: port)
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

    /// Runs blocking work on a new thread (not the cooperative pool) and awaits it.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }
            thread.start()
        }
    }
}

/// Where a benchmark's fresh samples come from.
protocol BenchSampleSource {
    /// The next `count` samples, never seen before.
    mutating func next(_ count: Int) -> [Sample]
    /// Makes the next sample the first of a request's batch.
    mutating func startBatch()
}

extension BenchSampleSource {
    mutating func startBatch() {}
}

/// Deterministic fresh samples shaped like a phone's sync: a minute of Watch active
/// energy at a time, with Watch and iPhone steps overlapping, keys like HealthKit UUIDs.
struct SyntheticSamples: BenchSampleSource {
    var rng: SplitMix64
    var minute: Int64 = 0
    /// 2024-01-01T00:00Z: prefill and batches walk forward from here, minute by minute.
    let origin: Int64 = 1_704_067_200_000

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func random() -> UInt64 { rng.next() }

    mutating func key() -> String {
        let a = String(random(), radix: 16, uppercase: true)
        let b = String(random(), radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - a.count) + a + String(repeating: "0", count: 16 - b.count) + b
    }

    mutating func next(_ count: Int) -> [Sample] {
        var out: [Sample] = []
        out.reserveCapacity(count)
        while out.count < count {
            let start = origin + minute * 60_000
            minute += 1
            out.append(Sample(sampleKey: key(), metric: .activeEnergyKcal, startTimeMs: start, endTimeMs: start + 60_000,
                              valueNumber: Double(random() % 800) / 100, unit: "kcal", sourceName: "Apple Watch",
                              sourceBundleId: "com.apple.health.watch", timezone: "Europe/Berlin"))
            if out.count < count, minute % 3 == 0 {
                out.append(Sample(sampleKey: key(), metric: .stepCount, startTimeMs: start, endTimeMs: start + 180_000,
                                  valueNumber: Double(random() % 300), unit: "count", sourceName: "Apple Watch", timezone: "Europe/Berlin"))
            }
            if out.count < count, minute % 5 == 0 {
                out.append(Sample(sampleKey: key(), metric: .stepCount, startTimeMs: start - 60_000, endTimeMs: start + 240_000,
                                  valueNumber: Double(random() % 400), unit: "count", sourceName: "iPhone", timezone: "Europe/Berlin"))
            }
        }
        return out
    }
}

/// Deterministic fresh samples as an anchored HealthKit query (or the HealthSave app)
/// delivers them: every batch of `batchSize` is one metric from one source over
/// consecutive minutes, the metrics taking turns (the canonical ones except sleep), each
/// continuing where its previous batch ended. Keys are random HealthKit-style UUIDs.
struct SyncSamples: BenchSampleSource {
    struct Stream {
        var metric: Metric
        var source: String
        var bundleId: String
        /// Minute samples last that long (cumulative metrics); readings are instants.
        var interval: Bool
        var values: ClosedRange<Double>
        var decimals: Double
    }

    static let streams: [Stream] = [
        Stream(metric: .stepCount, source: "Apple Watch", bundleId: "com.apple.health.watch", interval: true, values: 0...140, decimals: 1),
        Stream(metric: .activeEnergyKcal, source: "Apple Watch", bundleId: "com.apple.health.watch", interval: true, values: 0...12, decimals: 1000),
        Stream(metric: .dietaryEnergyKcal, source: "MyFitnessPal", bundleId: "com.myfitnesspal.mfp", interval: false, values: 0...400, decimals: 1),
        Stream(metric: .restingHeartRateBpm, source: "Apple Watch", bundleId: "com.apple.health.watch", interval: false, values: 48...70, decimals: 1),
        Stream(metric: .hrvSdnnMs, source: "Apple Watch", bundleId: "com.apple.health.watch", interval: false, values: 18...95, decimals: 100),
        Stream(metric: .bodyMassKg, source: "Withings", bundleId: "com.withings.wiScaleNG", interval: false, values: 68...76, decimals: 10),
        Stream(metric: .bodyFatPercent, source: "Withings", bundleId: "com.withings.wiScaleNG", interval: false, values: 15...24, decimals: 10),
    ]

    var rng: SplitMix64
    /// Samples per delivered batch (one metric each).
    let batchSize: Int
    /// The next minute of each stream, from `origin`.
    var minutes = [Int64](repeating: 0, count: SyncSamples.streams.count)
    var stream = 0
    /// Samples of the current stream's batch already handed out.
    var inBatch = 0
    /// 2024-01-01T00:00Z, as for `SyntheticSamples`.
    let origin: Int64 = 1_704_067_200_000

    init(seed: UInt64, batchSize: Int = 1_000) {
        rng = SplitMix64(seed: seed)
        self.batchSize = batchSize
    }

    /// "8-4-4-4-12" upper-case hex, version 4 like HealthKit's `UUID().uuidString`.
    mutating func uuid() -> String {
        let a = rng.next(), b = rng.next()
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        var bits = [a, b]
        bits[0] = (bits[0] & ~(0xF << 12)) | (0x4 << 12)
        bits[1] = (bits[1] & ~(0x3 << 62)) | (0x2 << 62)
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(UInt8(ascii: "-")) }
            let word = bits[i / 16]
            out.append(hex[Int((word >> UInt64(60 - 4 * (i % 16))) & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func startBatch() {
        if inBatch > 0 { inBatch = batchSize }
    }

    mutating func next(_ count: Int) -> [Sample] {
        var out: [Sample] = []
        out.reserveCapacity(count)
        while out.count < count {
            if inBatch == batchSize {
                inBatch = 0
                stream = (stream + 1) % Self.streams.count
            }
            let s = Self.streams[stream]
            let start = origin + minutes[stream] * 60_000
            minutes[stream] += 1
            inBatch += 1
            let value = (Double(rng.next() % 1_000_001) / 1_000_000 * (s.values.upperBound - s.values.lowerBound) + s.values.lowerBound) * s.decimals
            out.append(Sample(sampleKey: uuid(), metric: s.metric, startTimeMs: start, endTimeMs: s.interval ? start + 60_000 : start,
                              valueNumber: value.rounded() / s.decimals, unit: MetricCatalog.standard.spec(for: s.metric)?.unit ?? "", sourceName: s.source,
                              sourceBundleId: s.bundleId, timezone: "Europe/Berlin"))
        }
        return out
    }
}

/// Deterministic fresh samples over many metrics of every kind the catalog has: up to
/// eight metrics per kind, one sample of each per minute, values inside each metric's
/// plausible range in its canonical unit, category values from its list, blood pressure
/// as systolic/diastolic pairs. Catalog-driven: no metric is named here.
struct CatalogMixSamples: BenchSampleSource {
    /// The metrics in the mix, in catalog order.
    static let specs: [MetricSpec] = {
        var perKind: [MetricKind: Int] = [:]
        return MetricCatalog.standard.specs.filter { spec in
            perKind[spec.kind, default: 0] += 1
            return perKind[spec.kind, default: 0] <= 8
        }
    }()

    var rng: SplitMix64
    var minute: Int64 = 0
    var index = 0
    /// 2024-01-01T00:00Z, as for `SyntheticSamples`.
    let origin: Int64 = 1_704_067_200_000

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func key() -> String {
        let a = String(rng.next(), radix: 16, uppercase: true)
        let b = String(rng.next(), radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - a.count) + a + String(repeating: "0", count: 16 - b.count) + b
    }

    /// A value in the middle half of the spec's plausible range.
    mutating func value(_ spec: MetricSpec) -> Double {
        let range = spec.plausibleRange ?? 0...100
        let fraction = 0.25 + Double(rng.next() % 10_000) / 20_000
        return ((range.lowerBound + (range.upperBound - range.lowerBound) * fraction) * 100).rounded() / 100
    }

    mutating func next(_ count: Int) -> [Sample] {
        var out: [Sample] = []
        out.reserveCapacity(count)
        let specs = Self.specs
        while out.count < count, !specs.isEmpty {
            if index == specs.count {
                index = 0
                minute += 1
            }
            let spec = specs[index]
            index += 1
            let start = origin + minute * 60_000
            let unit = spec.unit ?? "category"
            func make(_ category: String?, _ value: Double?, end: Int64) -> Sample {
                Sample(sampleKey: key(), metric: spec.metric, startTimeMs: start, endTimeMs: end, valueNumber: value,
                       categoryValue: category, unit: unit, sourceName: "Apple Watch", sourceBundleId: "com.apple.health.watch",
                       timezone: "Europe/Berlin")
            }
            let categories = spec.categories ?? []
            let pick = categories.isEmpty ? nil : categories[Int(rng.next() % UInt64(categories.count))].name
            switch spec.kind {
            case .cumulativeDeduplicated, .cumulative:
                out.append(make(nil, value(spec) / 100, end: start + 60_000))
            case .discrete:
                out.append(make(nil, value(spec), end: start))
            case .sleep, .categoryDuration:
                out.append(make(pick, nil, end: start + 60_000))
            case .categoryEvent:
                out.append(make(pick, nil, end: start))
            case .bloodPressure:
                out.append(make("systolic", 115 + Double(rng.next() % 20), end: start))
                out.append(make("diastolic", 72 + Double(rng.next() % 12), end: start))
            }
        }
        return out
    }
}
