/// Whether a day's value may still change. Every figure derived from a provisional day
/// carries the flag, so an answer never passes a half-synced day off as final.
public enum DayStatus: String, Sendable, CaseIterable {
    /// The local day has not ended yet, or samples for it are still arriving.
    case provisional
    /// The day is over and nothing for it arrived recently.
    case settled

    /// `provisional` when any of `statuses` is, else `settled` (also for none).
    public static func combined(_ statuses: some Sequence<DayStatus>) -> DayStatus {
        statuses.contains(.provisional) ? .provisional : .settled
    }
}
