/// How often the bridge may read every sample for the sources' last-sample times: there is
/// no index by source, so a five-year database costs most of a second per scan. After a
/// scan that took `d`, the next waits `d × (1 − share) / share`, so scanning never takes
/// more than `share` of one core however often samples arrive; on a small database that
/// is no wait at all.
struct SourceScanSchedule: Sendable {
    /// The largest share of the time spent scanning; nil scans whenever asked.
    let share: Double?
    /// When the last scan ended and how long it took.
    private(set) var last: (end: ContinuousClock.Instant, took: Duration)?

    init(share: Double?) {
        self.share = share.map { min(max($0, 0.001), 1) }
    }

    /// When the next scan may start.
    var nextAllowed: ContinuousClock.Instant? {
        guard let share, let last else { return nil }
        return last.end + last.took * ((1 - share) / share)
    }

    /// Whether a scan may start at `now`.
    func isDue(at now: ContinuousClock.Instant) -> Bool {
        nextAllowed.map { now >= $0 } ?? true
    }

    /// Records a scan that ended at `end` after `took`.
    mutating func record(end: ContinuousClock.Instant, took: Duration) {
        last = (end, took)
    }
}
