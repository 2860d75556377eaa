/// The best ISO week or calendar month of a summed metric: its total over the days it
/// holds inside the range. A period cut by the range's edges counts with the days it
/// holds and is marked ``partial``.
public struct PeriodRecord: Sendable, Equatable {
    /// The kind of period.
    public enum Period: String, Sendable, CaseIterable {
        /// Monday to Sunday, labelled `YYYY-Www` by its ISO week-numbering year.
        case isoWeek = "iso_week"
        /// A calendar month, labelled `YYYY-MM`.
        case month
    }

    /// Week or month.
    public var period: Period
    /// `2020-W53` or `2026-03`.
    public var label: String
    /// The first day counted (the period's first day, or the range's when cut).
    public var start: DayKey
    /// The last day counted (the period's last day, or the range's when cut).
    public var end: DayKey
    /// The sum of the day values counted.
    public var total: Double
    /// Days with a value in `start…end`.
    public var daysWithData: Int
    /// Whether the range's edges cut the period.
    public var partial: Bool
    /// `provisional` when a day counted may still change.
    public var status: DayStatus

    /// A period with explicit values.
    public init(period: Period, label: String, start: DayKey, end: DayKey, total: Double, daysWithData: Int, partial: Bool, status: DayStatus) {
        self.period = period
        self.label = label
        self.start = start
        self.end = end
        self.total = total
        self.daysWithData = daysWithData
        self.partial = partial
        self.status = status
    }
}
