import HealthDomain

/// How summaries word workouts and rings: "Ran 6.5 km in 45 min, avg HR 145", "did 30 min
/// of yoga", "Move 540/600 kcal, Exercise 42/30 min, Stand 12/12 h", and the totals of a
/// range, "2 runs totalling 13.1 km in 1 h 32 min". The verbs and nouns come from the
/// activity type table.
enum WorkoutText {
    /// Whole minutes of a duration in seconds (at least 1 for a workout that lasted any time).
    static func minutes(_ seconds: Double) -> Int {
        seconds > 0 ? max(1, Int((seconds / 60).rounded())) : 0
    }

    /// "6.5 km": one decimal.
    static func distance(_ km: Double) -> String { "\(SummaryText.oneDecimal(km)) km" }

    /// One workout of a day: "Ran 6.5 km in 45 min, avg HR 145", "Ran for 30 min",
    /// "did 30 min of yoga". The first letter is capitalised by the caller when it starts a sentence.
    static func phrase(_ workout: Workout) -> String {
        let duration = SummaryText.duration(minutes: minutes(workout.durationSeconds))
        var text: String
        if let verb = workout.activityType.verb {
            if let km = workout.distanceKm, km > 0 {
                text = "\(verb.lowercased()) \(distance(km)) in \(duration)"
            } else {
                text = "\(verb.lowercased()) for \(duration)"
            }
        } else {
            text = "did \(duration) of \(workout.activityType.activityPhrase)"
        }
        if let bpm = workout.avgHeartRateBpm { text += ", avg HR \(SummaryText.integer(bpm))" }
        return text
    }

    /// The workouts of a day as one sentence without its full stop, or nil for none:
    /// "Ran 6.5 km in 45 min, avg HR 145; did 30 min of yoga".
    static func daySentence(_ workouts: [Workout]) -> String? {
        guard !workouts.isEmpty else { return nil }
        return capitalized(workouts.map(phrase).joined(separator: "; "))
    }

    /// The rings as one sentence without its full stop, or nil when nothing was reported:
    /// "Move 540/600 kcal, Exercise 42/30 min, Stand 12/12 h".
    static func ringsSentence(_ rings: ActivitySummary?) -> String? {
        guard let rings else { return nil }
        func ring(_ label: String, _ value: Double?, _ goal: Double?, _ unit: String) -> String? {
            guard let value else { return nil }
            let shown = SummaryText.integer(value)
            return goal.map { "\(label) \(shown)/\(SummaryText.integer($0)) \(unit)" } ?? "\(label) \(shown) \(unit)"
        }
        let parts = [
            ring("Move", rings.moveKcal, rings.moveGoalKcal, "kcal"),
            ring("Exercise", rings.exerciseMinutes, rings.exerciseGoalMinutes, "min"),
            ring("Stand", rings.standHours, rings.standGoalHours, "h"),
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The totals of one type over a range: "2 runs totalling 13.1 km in 1 h 32 min",
    /// "1 yoga session of 30 min".
    static func typePhrase(_ type: WorkoutActivityType, count: Int, seconds: Double, km: Double?) -> String {
        let joiner = count == 1 ? "of" : "totalling"
        let duration = SummaryText.duration(minutes: minutes(seconds))
        if let km, km > 0 { return "\(count) \(type.countNoun(count)) \(joiner) \(distance(km)) in \(duration)" }
        return "\(count) \(type.countNoun(count)) \(joiner) \(duration)"
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
