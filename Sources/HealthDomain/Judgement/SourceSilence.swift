/// When a source that has been syncing daily counts as silent: pure rules over the days
/// its samples arrived on (UTC days since 1970-01-01) and the time of its last arrival.
///
/// A source syncs daily when samples of it arrived on at least ``dailyMinimumDays`` of the
/// ``windowDays`` days ending with its last arrival (a day without the phone at hand does
/// not make a habit irregular). Such a source is silent once nothing of it has arrived
/// for ``silentAfterMs``; a source that never synced daily (a scale used now and then, a
/// one-off import) is never reported silent.
public enum SourceSilence {
    /// No arrival for this long makes a daily source silent: 24 hours.
    public static let silentAfterMs: Int64 = 24 * 3_600_000
    /// The days looked back over, the last arrival's included.
    public static let windowDays = 7
    /// Arrival days within the window that make a source a daily one.
    public static let dailyMinimumDays = 4

    /// The UTC day of an instant (floor division, so instants before 1970 land right).
    public static func day(ofMs ms: Int64) -> Int {
        Int(ms >= 0 ? ms / 86_400_000 : (ms + 1) / 86_400_000 - 1)
    }

    /// `days` with `day` added, ascending, keeping only the window ending on the latest day.
    public static func recording(_ day: Int, in days: [Int]) -> [Int] {
        let all = Set(days + [day])
        guard let last = all.max() else { return [] }
        return all.filter { $0 > last - windowDays }.sorted()
    }

    /// Whether a source with these arrival days syncs daily.
    public static func syncsDaily(arrivalDays: [Int]) -> Bool {
        guard let last = arrivalDays.max() else { return false }
        return Set(arrivalDays.filter { $0 > last - windowDays }).count >= dailyMinimumDays
    }

    /// Whether a source is silent at `nowMs`: it syncs daily and nothing of it arrived for
    /// ``silentAfterMs``.
    public static func isSilent(lastArrivalMs: Int64, arrivalDays: [Int], nowMs: Int64) -> Bool {
        syncsDaily(arrivalDays: arrivalDays) && nowMs - lastArrivalMs >= silentAfterMs
    }
}
