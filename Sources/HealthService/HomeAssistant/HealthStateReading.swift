import HealthDomain
import HealthStore
import Notifications

/// The figures Home Assistant shows, read from the store in one read transaction: the same
/// day aggregates and readiness the summaries answer from, in the summaries' time zone.
enum HealthStateReading {
    /// The zone "today" is counted in: the configured one, else the zone of the most recent
    /// sample, else UTC — the rule summaries follow when a request names none.
    static func zone(_ reader: StoreReader, configured: String?) throws -> String {
        if let configured { return configured }
        if let zone = try reader.latestSample(beforeMs: Int64.max)?.timezone, KnownTimeZones.contains(zone) { return zone }
        return "UTC"
    }

    /// Every figure but the sources at `nowMs`.
    ///
    /// Today's steps and active energy are the day totals; last night is the night keyed by
    /// today (nights belong to the day one wakes up); resting heart rate, HRV and weight are
    /// the latest readings of the most recent day that has them, up to tomorrow (a sample
    /// recorded in a zone ahead of this one may already sit on tomorrow's date); readiness
    /// is today's score, nil while it is insufficient or cannot be read.
    static func figures(_ reader: StoreReader, catalog: MetricCatalog, zone configured: String?, nowMs: Int64) throws -> HealthState {
        let zone = try zone(reader, configured: configured)
        let rule = SettlingRule(zone: zone, nowMs: nowMs)
        let today = rule.today
        let sleep = StoreReader.readinessMetrics(catalog).sleep
        let table = try reader.dayTable(catalog: catalog, from: today, to: today, metrics: [.stepCount, .activeEnergyKcal, sleep]) { _, _ in false }
        func latest(_ metric: Metric) throws -> Double? {
            try reader.latestReading(of: metric, onOrBefore: today.adding(days: 1))?.reading
        }
        // A readiness that cannot be computed (an unreadable day in its window) is unknown,
        // like one without enough data; the other figures still go out.
        let readiness = try? reader.readiness(today, catalog: catalog, rule: rule)
        return HealthState(
            stepsToday: table.entry(.stepCount, today)?.value,
            activeEnergyTodayKcal: table.entry(.activeEnergyKcal, today)?.value,
            sleepLastNightMinutes: table.entry(sleep, today)?.value,
            restingHeartRateBpm: try latest(.restingHeartRateBpm),
            hrvMs: try latest(.hrvSdnnMs),
            weightKg: try latest(.bodyMassKg),
            readinessScore: readiness?.score)
    }

    /// The sources with a name, each with its newest sample.
    static func sources(_ reader: StoreReader) throws -> [SourceActivity] {
        try reader.newestSamplePerSource().filter { !$0.source.isEmpty }.map {
            SourceActivity(name: $0.source, lastSampleEndMs: $0.endMs, timeZone: $0.timezone)
        }
    }
}
