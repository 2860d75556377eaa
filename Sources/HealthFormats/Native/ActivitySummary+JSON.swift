import HealthDomain
import JSON

extension ActivitySummary {
    /// The rings of a day; a ring the client did not send is null, never 0.
    public var json: JSONValue {
        [
            "day": .string(day.description),
            "moveKcal": JSONValue(moveKcal),
            "moveGoalKcal": JSONValue(moveGoalKcal),
            "exerciseMinutes": JSONValue(exerciseMinutes),
            "exerciseGoalMinutes": JSONValue(exerciseGoalMinutes),
            "standHours": JSONValue(standHours),
            "standGoalHours": JSONValue(standGoalHours),
            "sourceName": JSONValue(sourceName),
        ]
    }
}
