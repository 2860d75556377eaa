import HealthDomain

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
