import HealthDomain

/// ``LifetimeHistory`` handed out in batches of any size across day boundaries, one day
/// generated at a time, so at most a day's samples are held.
struct LifetimeSampleStream {
    let history: LifetimeHistory
    /// The index of the next day to generate.
    private(set) var nextDayIndex = 0
    private var pending: [Sample] = []
    private var offset = 0
    /// Samples handed out so far.
    private(set) var produced = 0

    init(history: LifetimeHistory) { self.history = history }

    /// The next `count` samples; fewer, or none, only at the end of the history.
    mutating func next(_ count: Int) -> [Sample] {
        var out: [Sample] = []
        out.reserveCapacity(count)
        while out.count < count {
            if offset == pending.count {
                guard nextDayIndex < history.dayCount else { break }
                pending = history.samples(forDayIndex: nextDayIndex)
                offset = 0
                nextDayIndex += 1
                continue
            }
            let take = min(count - out.count, pending.count - offset)
            out.append(contentsOf: pending[offset..<(offset + take)])
            offset += take
        }
        produced += out.count
        return out
    }

    /// Whether every day has been handed out.
    var isExhausted: Bool { offset == pending.count && nextDayIndex >= history.dayCount }

    /// The last day whose samples have all been handed out, if any.
    var lastCompleteDay: DayKey? {
        let complete = offset == pending.count ? nextDayIndex : nextDayIndex - 1
        return complete > 0 ? history.firstDay.adding(days: complete - 1) : nil
    }
}
