/// One metric's day values in ascending day order, at most one per day, with lookup by
/// day: what the judgements read.
public struct DaySeries: Sendable, Equatable {
    /// The metric the values belong to.
    public let metric: Metric
    /// The values, ascending by day, one per day.
    public let values: [DayValue]

    /// The series of `values`, sorted; when a day appears twice the later element wins.
    public init(metric: Metric, values: some Sequence<DayValue>) {
        self.metric = metric
        let given = Array(values)
        // Values read in day order (as the store reads them) are taken as they are.
        if zip(given, given.dropFirst()).allSatisfy({ $0.day < $1.day }) {
            self.values = given
            return
        }
        var byDay: [Int: DayValue] = [:]
        for value in given { byDay[value.day.ordinal] = value }
        self.values = byDay.keys.sorted().map { byDay[$0]! }
    }

    /// The value of `day`, or nil without data (binary search: no hashing on the hot path
    /// of a scan that looks up every day of a year).
    public subscript(day: DayKey) -> DayValue? {
        let index = firstIndex(atOrAfter: day)
        return index < values.count && values[index].day == day ? values[index] : nil
    }

    /// The first day with data.
    public var firstDay: DayKey? { values.first?.day }
    /// The last day with data.
    public var lastDay: DayKey? { values.last?.day }

    /// The values of `from…through` (both included), ascending.
    public func values(from: DayKey, through: DayKey) -> ArraySlice<DayValue> {
        guard from <= through else { return values[0..<0] }
        let lower = firstIndex(atOrAfter: from)
        let upper = firstIndex(atOrAfter: through.adding(days: 1))
        return values[lower..<upper]
    }

    /// The index of the first value on or after `day` (binary search).
    private func firstIndex(atOrAfter day: DayKey) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid].day < day { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
