/// Everything the server knows about one metric, as data: its names, how a day is
/// derived (``kind``), its units and their conversions, the plausible range of one
/// sample, a description, and how summaries word it. Adding a metric of an existing kind
/// is adding one of these to the catalog; validation, aggregation, summaries,
/// capabilities and the OpenAPI enums all read it.
public struct MetricSpec: Sendable, Equatable {
    /// The canonical name, used in storage and in every answer.
    public var metric: Metric
    /// The name a person reads ("Steps", "Resting heart rate"): chart titles, labels.
    /// Given where the description does not open with one; otherwise its opening words,
    /// up to the unit in parentheses (``displayName(fromDescription:)``).
    public var displayName: String
    /// Other names that resolve to it on input (client spellings, HealthKit identifiers).
    public var aliases: [String]
    /// The HealthKit type identifier, when there is one.
    public var healthKitIdentifier: String?
    /// How a day is derived from samples.
    public var kind: MetricKind
    /// The canonical unit and accepted spellings; nil for category metrics, which take any unit.
    public var units: MetricUnits?
    /// The range one sample's value (in the canonical unit) must fall in; nil when any finite value is accepted.
    public var plausibleRange: ClosedRange<Double>?
    /// One sentence describing the metric and its unit, for documentation and agents.
    public var description: String
    /// How summaries word it.
    public var wording: SummaryWording
    /// Whether a write intent may queue it for the phone to write into HealthKit.
    public var writable: Bool
    /// The values a category metric takes; nil accepts any value.
    public var categories: [CategoryValue]?
    /// Aliases that also fix the category value: `blood_pressure_systolic` is the
    /// blood pressure metric with the value `systolic`.
    public var impliedCategories: [String: String]
    /// The smallest spread a personal baseline of the day value may have, in the day
    /// value's unit (minutes for sleep), so a very steady month does not turn ordinary
    /// noise into a large z; nil: 5% of the baseline's median.
    public var spreadFloor: Double?
    /// Whether a lower day value is the better one (resting heart rate): records name the
    /// minimum the best day.
    public var lowerIsBetter: Bool

    /// A spec with explicit values.
    public init(
        _ metric: Metric, displayName: String? = nil, aliases: [String] = [], healthKit: String? = nil, kind: MetricKind, units: MetricUnits?,
        range: ClosedRange<Double>? = nil, description: String, wording: SummaryWording, writable: Bool = false,
        categories: [CategoryValue]? = nil, impliedCategories: [String: String] = [:], spreadFloor: Double? = nil,
        lowerIsBetter: Bool = false
    ) {
        self.metric = metric
        self.displayName = displayName ?? Self.displayName(fromDescription: description)
        self.aliases = aliases
        self.healthKitIdentifier = healthKit
        self.kind = kind
        self.units = units
        self.plausibleRange = range
        self.description = description
        self.wording = wording
        self.writable = writable
        self.categories = categories
        self.impliedCategories = impliedCategories
        self.spreadFloor = spreadFloor
        self.lowerIsBetter = lowerIsBetter
    }

    /// The description's opening words, before the unit in parentheses or the first `;`:
    /// "Resting heart rate (bpm); a day reports …" → "Resting heart rate".
    public static func displayName(fromDescription description: String) -> String {
        var end = description.endIndex
        for marker in [" (", ";", ". "] {
            if let found = description.firstRange(of: marker), found.lowerBound < end { end = found.lowerBound }
        }
        var name = String(description[..<end]).trimmingASCIIWhitespace()
        while name.hasSuffix(".") { name.removeLast() }
        return name.isEmpty ? description : name
    }

    /// Every name that resolves to this spec besides the canonical one.
    public var allAliases: [String] { aliases + impliedCategories.keys.sorted() }

    /// The canonical unit, or nil for category metrics.
    public var unit: String? { units?.canonical }

    /// The unit of a summary number: sleep is reported in minutes.
    public var summaryUnit: String {
        switch wording.headline {
        case .sleep, .minutes: "min"
        case .count: "count"
        case .total, .average, .latest, .bloodPressure: units?.canonical ?? ""
        }
    }
}
