import HealthDomain

/// Whether a stored day may still change, in an answer's timezone: the domain's
/// ``DaySettling`` rules applied to what the store recorded. A day is `provisional`
/// while its local day has not ended or a sample for it arrived under two hours ago; a
/// night follows the night rule (its last segment ended under 45 minutes ago, or a
/// segment arrived under 20 minutes ago).
public struct SettlingRule: Sendable {
    /// The answer's time zone.
    public let zone: String
    /// The moment the answer is computed for.
    public let nowMs: Int64
    /// Today's local date in `zone`: every earlier day has ended, so its end needs no clock.
    public let today: DayKey

    /// The rule in `zone` at `nowMs`.
    public init(zone: String, nowMs: Int64) {
        self.zone = zone
        self.nowMs = nowMs
        self.today = ZoneClock.shared.dayKey(atMs: nowMs, zone: zone)
    }

    /// The status of day `day` of a metric of `kind`.
    public func status(_ day: DayKey, kind: MetricKind?, arrivedMs: Int64?, sleepEndMs: Int64?) -> DayStatus {
        if kind == .sleep {
            return DaySettling.nightStatus(lastSegmentEndMs: sleepEndMs, lastArrivalMs: arrivedMs, nowMs: nowMs)
        }
        // A day before today ended at or before today's start, which is not after now.
        if day < today { return DaySettling.status(dayEndMs: nowMs, lastArrivalMs: arrivedMs, nowMs: nowMs) }
        return DaySettling.status(of: day, zone: zone, lastArrivalMs: arrivedMs, nowMs: nowMs)
    }

    /// The status of a stored day.
    public func status(_ stored: JudgementReads.StoredDay, catalog: MetricCatalog) -> DayStatus {
        status(stored.day, kind: catalog.kind(of: stored.metric), arrivedMs: stored.arrivedMs, sleepEndMs: stored.sleepEndMs)
    }
}
