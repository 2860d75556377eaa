import HealthDomain

/// Shared helpers for the domain tests: local wall times and terse sample construction.
public enum DomainFixtures {
    public static let clock = ZoneClock()

    /// Epoch ms of a local wall time on a day without a DST change.
    public static func local(_ day: String, _ hour: Int64, _ minute: Int64 = 0, zone: String = "Europe/Berlin") -> Int64 {
        clock.startOfDayMs(DayKey(day)!, zone: zone) + hour * 3_600_000 + minute * 60_000
    }

    public static func sample(
        _ key: String, _ metric: Metric, _ start: Int64, _ end: Int64, value: Double? = nil,
        category: SleepCategory? = nil, source: String? = nil, bundle: String? = nil,
        zone: String = "Europe/Berlin"
    ) -> Sample {
        Sample(
            sampleKey: key, metric: metric, startTimeMs: start, endTimeMs: end, valueNumber: value,
            categoryValue: category?.rawValue, unit: MetricCatalog.standard.spec(for: metric)?.unit ?? "category", sourceName: source,
            sourceBundleId: bundle, timezone: zone)
    }
}

extension DayAttribution {
    /// The days of a sample of a built-in metric (its kind from the standard table).
    public static func days(for sample: Sample, clock: ZoneClock) -> [DayKey] {
        days(for: sample, kind: MetricCatalog.standard.kind(of: sample.metric), clock: clock)
    }
}
