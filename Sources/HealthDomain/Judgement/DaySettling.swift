/// When a day (or a night of sleep) stops being provisional: pure rules over instants,
/// so the store only has to read the latest arrival and hand it in.
public enum DaySettling {
    /// A day one of whose samples arrived more recently than this is still syncing: a
    /// phone uploads in batches, so a day that just received data may receive more.
    public static let recentArrivalMs: Int64 = 2 * 3_600_000
    /// A night whose last segment ended more recently than this is still being recorded.
    public static let nightRecentEndMs: Int64 = 45 * 60_000
    /// A night one of whose segments arrived more recently than this is still syncing.
    public static let nightRecentArrivalMs: Int64 = 20 * 60_000

    /// `provisional` while the local day has not ended (`nowMs < dayEndMs`) or a sample
    /// for it arrived under ``recentArrivalMs`` ago; else `settled`.
    ///
    /// - Parameters:
    ///   - dayEndMs: the UTC instant at which the local day ends in its zone.
    ///   - lastArrivalMs: when the latest sample for the day arrived, if any did.
    ///   - nowMs: the current instant.
    public static func status(dayEndMs: Int64, lastArrivalMs: Int64?, nowMs: Int64) -> DayStatus {
        if nowMs < dayEndMs { return .provisional }
        if let lastArrivalMs, nowMs - lastArrivalMs < recentArrivalMs { return .provisional }
        return .settled
    }

    /// ``status(dayEndMs:lastArrivalMs:nowMs:)`` for local date `day` in `zone` (a DST
    /// day ends 23 or 25 hours after it starts).
    public static func status(of day: DayKey, zone: String, lastArrivalMs: Int64?, nowMs: Int64,
                              clock: ZoneClock = .shared) -> DayStatus {
        status(dayEndMs: clock.endOfDayMs(day, zone: zone), lastArrivalMs: lastArrivalMs, nowMs: nowMs)
    }

    /// The night rule: a night whose last segment ended under ``nightRecentEndMs`` ago,
    /// or one of whose segments arrived under ``nightRecentArrivalMs`` ago, is
    /// `provisional`; a night without segments is `settled` (there is nothing to wait for
    /// that the store knows of).
    public static func nightStatus(lastSegmentEndMs: Int64?, lastArrivalMs: Int64?, nowMs: Int64) -> DayStatus {
        guard let lastSegmentEndMs else { return .settled }
        if nowMs - lastSegmentEndMs < nightRecentEndMs { return .provisional }
        if let lastArrivalMs, nowMs - lastArrivalMs < nightRecentArrivalMs { return .provisional }
        return .settled
    }
}
