import HealthDomain

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
