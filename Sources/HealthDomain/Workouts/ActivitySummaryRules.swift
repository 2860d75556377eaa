import JSON

/// The rules of one `activitySummaries[]` element of `POST /health/ingest`: a real local
/// date inside 1970…2099, ring values and goals inside plausible ranges (move energy
/// converted to kcal), and at least one ring value. The HealthSave app's names
/// (`date`, `activeEnergyBurned`, `appleExerciseTime`, `appleStandHours` and their
/// `…Goal`s) are accepted beside the native ones.
public struct ActivitySummaryRules: Sendable {
    /// One ring member: native name, HealthSave name, plausible range, unit word.
    struct Ring {
        var name: String
        var alias: String
        var range: ClosedRange<Double>
        var unit: String
    }

    static let rings: [Ring] = [
        Ring(name: "moveKcal", alias: "activeEnergyBurned", range: 0...20_000, unit: "kcal"),
        Ring(name: "moveGoalKcal", alias: "activeEnergyBurnedGoal", range: 0...20_000, unit: "kcal"),
        Ring(name: "exerciseMinutes", alias: "appleExerciseTime", range: 0...1_440, unit: "min"),
        Ring(name: "exerciseGoalMinutes", alias: "appleExerciseTimeGoal", range: 0...1_440, unit: "min"),
        Ring(name: "standHours", alias: "appleStandHours", range: 0...24, unit: "h"),
        Ring(name: "standGoalHours", alias: "appleStandHoursGoal", range: 0...24, unit: "h"),
    ]

    static let fieldOrder = ["day", "moveUnit"] + rings.map(\.name) + ["sourceName"]

    /// Rules with the built-in ranges.
    public init() {}

    /// A day's rings from one element, or every issue found.
    public func validate(_ element: JSONValue) -> RecordValidation<ActivitySummary> {
        guard case .object(var members) = element else {
            return .invalid([ValidationIssue(field: "activitySummary", code: "type", message: "each activity summary must be an object (got \(element.typeName))")])
        }
        // HealthSave spellings map onto the native names when the native one is absent.
        if members["day"] == nil, let date = members["date"] { members["day"] = date }
        for ring in Self.rings where members[ring.name] == nil {
            if let value = members[ring.alias] { members[ring.name] = value }
        }
        var fields = FieldReader(members: members)
        let dayText = fields.string("day", required: true)
        let moveUnit = fields.string("moveUnit", required: false)
        var values: [String: Double] = [:]
        for ring in Self.rings { values[ring.name] = fields.number(ring.name) }
        let source = fields.string("sourceName", required: false)
        var check = IssueList(fields.issues)

        var day: DayKey?
        if let dayText {
            if let parsed = DayKey(dayText), parsed.year >= 1970, parsed.year < 2100 {
                day = parsed
            } else {
                check.add("day", "format", "day must be a real date YYYY-MM-DD between 1970 and 2099 (got '\(dayText.prefix(40))')")
            }
        }
        let unitName = check.length(moveUnit, "moveUnit", 1...32) ?? "kcal"
        let conversion = WorkoutRules.energyUnits.conversion(for: unitName)
        if conversion == nil {
            check.add("moveUnit", "unknown_value", "moveUnit '\(unitName)' is not accepted; use one of \(WorkoutRules.energyUnits.names.map { "'\($0)'" }.joined(separator: ", "))")
        }
        for ring in Self.rings {
            guard var value = values[ring.name] else { continue }
            if ring.unit == "kcal", let conversion { value = conversion.canonical(value) }
            if !ring.range.contains(value) {
                check.add(ring.name, "range", "\(ring.name) \(FieldReader.format(value)) \(ring.unit) is outside the plausible range \(FieldReader.format(ring.range.lowerBound))…\(FieldReader.format(ring.range.upperBound)) \(ring.unit)")
                values[ring.name] = nil
            } else {
                values[ring.name] = value
            }
        }
        if Self.rings.allSatisfy({ members[$0.name] == nil || members[$0.name]?.isNull == true }) {
            check.add("moveKcal", "required", "an activity summary needs at least one of \(Self.rings.map(\.name).joined(separator: ", "))")
        }
        let sourceName = check.length(source, "sourceName", 0...256)
        guard check.isEmpty, let day else { return .invalid(check.sorted(by: Self.fieldOrder)) }
        return .valid(ActivitySummary(
            day: day, moveKcal: values["moveKcal"], moveGoalKcal: values["moveGoalKcal"], exerciseMinutes: values["exerciseMinutes"],
            exerciseGoalMinutes: values["exerciseGoalMinutes"], standHours: values["standHours"], standGoalHours: values["standGoalHours"],
            sourceName: sourceName?.isEmpty == false ? sourceName : nil))
    }
}
