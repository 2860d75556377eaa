import HealthDomain
import SQLiteStore

/// Whether last night (the one ending today) may still change: a phone syncs sleep in
/// pieces, so a night whose
/// last segment ended under 45 minutes ago, or one of whose segments arrived in the
/// last 20 minutes, is reported as provisional rather than as the night's final figure.
/// The rule itself is the domain's ``DaySettling/nightStatus(lastSegmentEndMs:lastArrivalMs:nowMs:)``.
enum SleepSettling {
    /// The segments of night `day` end in [day − 1 18:00, day 18:00) local time: one
    /// range read over their start times (segments are shorter than a day) tells when the
    /// last one ended and when the last one arrived. Nights more than two days old are
    /// settled without a read.
    ///
    /// The summary asks only for the night that ends today.
    static func isProvisional(day: DayKey, metric: Metric, zone: String, nowMs: Int64, db: Database) throws -> Bool {
        let windowEnd = ZoneClock.shared.startOfDayMs(day, zone: zone) + DayAttribution.nightCutoffMs
        let windowStart = windowEnd - 86_400_000
        guard nowMs - windowEnd < 2 * 86_400_000 else { return false }
        let statement = try db.statement("""
            SELECT max(start_ms + duration_ms), max(received_ms + updated_delta_ms) FROM samples
             WHERE metric = \(SampleRow.metricId(parameter: 1)) AND start_ms >= ?2 - 86400000 AND start_ms < ?3
               AND start_ms + duration_ms >= ?2 AND start_ms + duration_ms < ?3
            """)
        defer { statement.reset() }
        try statement.bind(1, metric.rawValue)
        try statement.bind(2, windowStart)
        try statement.bind(3, windowEnd)
        guard try statement.step() else { return false }
        return DaySettling.nightStatus(lastSegmentEndMs: statement.optionalInt64(0), lastArrivalMs: statement.optionalInt64(1),
                                       nowMs: nowMs) == .provisional
    }
}
