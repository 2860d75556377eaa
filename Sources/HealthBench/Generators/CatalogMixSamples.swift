import HealthDomain

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
