/// How summaries word a metric: which number stands for a day, how it is named and
/// rounded, and which phrase of the day's sentence carries it. Data, read by the summary
/// code that interprets ``Headline`` and ``Phrase``.
public struct SummaryWording: Sendable, Equatable {
    /// The number that stands for a day.
    public enum Headline: String, Sendable {
        /// Summed over the day (steps, energy): ranges report totals and per-day averages.
        case total
        /// Point readings averaged over the day (resting heart rate, HRV).
        case average
        /// The day's last reading (body mass, body fat): ranges report first → last.
        case latest
        /// A night's asleep minutes, with stages.
        case sleep
        /// Minutes of a timed category (mindful minutes), with the number of sessions.
        case minutes
        /// How many events (symptoms, notifications), with the values seen.
        case count
        /// Blood pressure readings: systolic/diastolic averages, extremes and latest.
        case bloodPressure
    }

    /// Which phrase of a summary sentence carries the metric.
    public enum Phrase: Sendable, Equatable {
        /// Opens the sentence with its number and unit, compared with the baseline
        /// ("8,432 steps (12% above your 28-day average)").
        case lead
        /// The label, then the number ("resting HR 58 bpm").
        case labelled
        /// One side of a balance: consecutive balance metrics are joined with "vs"
        /// ("2,150 kcal eaten vs 540 kcal active"); the string is the side's word.
        case balance(String)
    }

    /// The day's number.
    public var headline: Headline
    /// The name in text: "resting HR", and "no resting HR data" when missing.
    public var label: String
    /// Appended to the number in text: " steps", " kcal", "%".
    public var textUnit: String
    /// Decimals kept in summary JSON numbers.
    public var decimals: Int
    /// Decimals shown in text.
    public var textDecimals: Int
    /// The phrase that carries it.
    public var phrase: Phrase
    /// Position in summaries (ascending).
    public var order: Int
    /// Listed in every summary, as `no_data` when missing; other metrics appear when they have data.
    public var always: Bool
    /// How a range names the days with data when only some have it ("food logged").
    public var coverageLabel: String?

    /// Wording with explicit values.
    public init(
        headline: Headline, label: String, textUnit: String, decimals: Int = 0, textDecimals: Int = 0,
        phrase: Phrase = .labelled, order: Int, always: Bool = false, coverageLabel: String? = nil
    ) {
        self.headline = headline
        self.label = label
        self.textUnit = textUnit
        self.decimals = decimals
        self.textDecimals = textDecimals
        self.phrase = phrase
        self.order = order
        self.always = always
        self.coverageLabel = coverageLabel
    }
}
