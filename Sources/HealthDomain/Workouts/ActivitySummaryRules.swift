/// The rules of one day's activity rings, whatever format they came in (see
/// ``ActivitySummaryDraft``): a real local date inside 1970…2099, ring values and goals
/// inside plausible ranges (move energy converted to kcal), and at least one ring value.
public struct ActivitySummaryRules: Sendable {
    /// One ring member: its value, wire name, plausible range and unit word.
    struct Ring {
        var value: Double?
        var field: String
        var range: ClosedRange<Double>
        var unit: String
    }

    /// Rules with the built-in ranges.
    public init() {}

    /// A day's rings from `draft`, or every issue found, each under the draft's wire name.
    public func validate(_ draft: ActivitySummaryDraft) -> RecordValidation<ActivitySummary> {
        let names = draft.fields
        var check = IssueList(draft.issues)

        var day: DayKey?
        if let text = draft.day {
            if let parsed = DayKey(text), parsed.year >= 1970, parsed.year < 2100 {
                day = parsed
            } else {
                check.add(names.day, "format", "\(names.day) must be a real date YYYY-MM-DD between 1970 and 2099 (got '\(text.prefix(40))')")
            }
        } else {
            check.require(names.day, when: true)
        }
        let unitName = check.length(draft.moveUnit, names.moveUnit, 1...32) ?? "kcal"
        let conversion = WorkoutRules.energyUnits.conversion(for: unitName)
        if conversion == nil {
            check.add(names.moveUnit, "unknown_value", "\(names.moveUnit) '\(unitName)' is not accepted; use one of \(WorkoutRules.energyUnits.names.map { "'\($0)'" }.joined(separator: ", "))")
        }
        var rings = [
            Ring(value: draft.moveKcal, field: names.moveKcal, range: 0...20_000, unit: "kcal"),
            Ring(value: draft.moveGoalKcal, field: names.moveGoalKcal, range: 0...20_000, unit: "kcal"),
            Ring(value: draft.exerciseMinutes, field: names.exerciseMinutes, range: 0...1_440, unit: "min"),
            Ring(value: draft.exerciseGoalMinutes, field: names.exerciseGoalMinutes, range: 0...1_440, unit: "min"),
            Ring(value: draft.standHours, field: names.standHours, range: 0...24, unit: "h"),
            Ring(value: draft.standGoalHours, field: names.standGoalHours, range: 0...24, unit: "h"),
        ]
        // A ring sent with a wrong type was sent: the adapter named it, and it is no missing ring.
        if rings.allSatisfy({ $0.value == nil && !check.has($0.field) }) {
            check.add(names.moveKcal, "required", "an activity summary needs at least one of \(names.rings.joined(separator: ", "))")
        }
        for index in rings.indices {
            guard var value = rings[index].value else { continue }
            let ring = rings[index]
            if ring.unit == "kcal", let conversion { value = conversion.canonical(value) }
            if !ring.range.contains(value) {
                check.add(ring.field, "range", "\(ring.field) \(NumberText.format(value)) \(ring.unit) is outside the plausible range \(NumberText.format(ring.range.lowerBound))…\(NumberText.format(ring.range.upperBound)) \(ring.unit)")
                rings[index].value = nil
            } else {
                rings[index].value = value
            }
        }
        let sourceName = check.length(draft.sourceName, names.sourceName, 0...256)
        guard check.isEmpty, let day else { return .invalid(check.sorted(by: names.ordered)) }
        return .valid(ActivitySummary(
            day: day, moveKcal: rings[0].value, moveGoalKcal: rings[1].value, exerciseMinutes: rings[2].value,
            exerciseGoalMinutes: rings[3].value, standHours: rings[4].value, standGoalHours: rings[5].value,
            sourceName: sourceName?.isEmpty == false ? sourceName : nil))
    }
}
