/// One value a category metric takes, as HealthKit names and numbers it
/// (`HKCategoryValueSleepAnalysis.asleepREM` = 5, `HKCategoryValueSeverity.mild` = 2).
/// Clients send the name, an alias (older or app-specific spellings) or the number;
/// it is stored under ``name``.
public struct CategoryValue: Sendable, Equatable {
    /// The stored name.
    public var name: String
    /// HealthKit's raw value, when the type has one.
    public var code: Int?
    /// Other spellings that mean the same value.
    public var aliases: [String]

    /// A value with explicit names.
    public init(_ name: String, code: Int? = nil, aliases: [String] = []) {
        self.name = name
        self.code = code
        self.aliases = aliases
    }

    /// Whether `text` names this value: its name, an alias, or its code as digits.
    public func matches(_ text: String) -> Bool {
        text == name || aliases.contains(text) || code.map { String($0) == text } == true
    }
}

extension Array where Element == CategoryValue {
    /// The value `text` names, if any.
    public func value(named text: String) -> CategoryValue? {
        if let found = first(where: { $0.matches(text) }) { return found }
        return healthKitValue(text)
    }

    /// The value HealthKit's constant spelling names, as an export writes it:
    /// `HKCategoryValueSleepAnalysisAsleepCore` → `asleepCore`, `HKCategoryValueSeverityMild`
    /// → `mild`, `HKCategoryValueNotApplicable` → `notApplicable`. The type part of the name
    /// is not known here, so every suffix that starts at a capital is tried, longest first.
    private func healthKitValue(_ text: String) -> CategoryValue? {
        let prefix = "HKCategoryValue"
        guard text.hasPrefix(prefix), text.count > prefix.count else { return nil }
        let rest = [Unicode.Scalar](text.unicodeScalars.dropFirst(prefix.count))
        for start in rest.indices where ("A"..."Z").contains(rest[start]) {
            let candidate = String(String.UnicodeScalarView(rest[start...]))
            let lowered = candidate.prefix(1).lowercased() + candidate.dropFirst()
            if let found = first(where: { $0.matches(lowered) }) { return found }
            if let found = first(where: { $0.matches(candidate) }) { return found }
        }
        return nil
    }

    /// HealthKit's severity scale, shared by every symptom type.
    public static let severity: [CategoryValue] = [
        CategoryValue("unspecified", code: 0), CategoryValue("notPresent", code: 1, aliases: ["not_present", "Not Present"]),
        CategoryValue("mild", code: 2, aliases: ["Mild"]), CategoryValue("moderate", code: 3, aliases: ["Moderate"]),
        CategoryValue("severe", code: 4, aliases: ["Severe"]),
    ]

    /// `HKCategoryValue.notApplicable` only: types whose samples are events without a value.
    public static let notApplicable: [CategoryValue] = [CategoryValue("notApplicable", code: 0, aliases: ["not_applicable"])]

    /// Sleep analysis; `asleepUnspecified` (iOS 16+) and the legacy `asleep` are one value.
    public static let sleepAnalysis: [CategoryValue] = [
        CategoryValue("inBed", code: 0, aliases: ["In Bed", "in_bed"]),
        CategoryValue("asleep", code: 1, aliases: ["asleepUnspecified", "Asleep", "asleep_unspecified", "Unspecified"]),
        CategoryValue("awake", code: 2, aliases: ["Awake"]),
        CategoryValue("asleepCore", code: 3, aliases: ["Core", "core", "asleep_core"]),
        CategoryValue("asleepDeep", code: 4, aliases: ["Deep", "deep", "asleep_deep"]),
        CategoryValue("asleepREM", code: 5, aliases: ["REM", "rem", "asleep_rem"]),
    ]

    /// The two sides of a blood pressure reading.
    public static let bloodPressureSides: [CategoryValue] = [
        CategoryValue("systolic", aliases: ["Systolic"]), CategoryValue("diastolic", aliases: ["Diastolic"]),
    ]
}
