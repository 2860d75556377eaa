extension MetricCatalog {
    /// Activity: distances, energy, flights, ring minutes and other summed movement.
    static let activitySpecs: [MetricSpec] = [
        MetricSpec(
            "distance_walking_running_km", aliases: ["distance_walking_running", "walking_running_distance", "distance", "HKQuantityTypeIdentifierDistanceWalkingRunning"],
            healthKit: "HKQuantityTypeIdentifierDistanceWalkingRunning", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...500,
            description: "Distance walked and run (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "walking + running distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 100)),
        MetricSpec(
            "distance_cycling_km", aliases: ["distance_cycling", "cycling_distance", "HKQuantityTypeIdentifierDistanceCycling"],
            healthKit: "HKQuantityTypeIdentifierDistanceCycling", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...2000,
            description: "Distance cycled (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "cycling distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 101)),
        MetricSpec(
            "distance_swimming_m", displayName: "Swimming distance", aliases: ["distance_swimming", "swimming_distance", "HKQuantityTypeIdentifierDistanceSwimming"],
            healthKit: "HKQuantityTypeIdentifierDistanceSwimming", kind: .cumulativeDeduplicated, units: metreUnits, range: 0...100_000,
            description: "Distance swum, in metres as pools are measured (m); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "swimming distance", textUnit: " m", order: 102)),
        MetricSpec(
            "distance_wheelchair_km", aliases: ["distance_wheelchair", "wheelchair_distance", "HKQuantityTypeIdentifierDistanceWheelchair"],
            healthKit: "HKQuantityTypeIdentifierDistanceWheelchair", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...500,
            description: "Distance pushed in a wheelchair (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "wheelchair distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 103)),
        MetricSpec(
            "distance_downhill_snow_sports_km", aliases: ["distance_downhill_snow_sports", "downhill_snow_sports_distance", "HKQuantityTypeIdentifierDistanceDownhillSnowSports"],
            healthKit: "HKQuantityTypeIdentifierDistanceDownhillSnowSports", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...500,
            description: "Distance travelled in downhill snow sports (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "downhill snow sports distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 104)),
        MetricSpec(
            "distance_cross_country_skiing_km", aliases: ["distance_cross_country_skiing", "cross_country_skiing_distance", "HKQuantityTypeIdentifierDistanceCrossCountrySkiing"],
            healthKit: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...500,
            description: "Distance cross-country skied (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "cross-country skiing distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 105)),
        MetricSpec(
            "distance_paddle_sports_km", aliases: ["distance_paddle_sports", "paddle_sports_distance", "HKQuantityTypeIdentifierDistancePaddleSports"],
            healthKit: "HKQuantityTypeIdentifierDistancePaddleSports", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...500,
            description: "Distance paddled (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "paddle sports distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 106)),
        MetricSpec(
            "distance_rowing_km", aliases: ["distance_rowing", "rowing_distance", "HKQuantityTypeIdentifierDistanceRowing"],
            healthKit: "HKQuantityTypeIdentifierDistanceRowing", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...500,
            description: "Distance rowed (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "rowing distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 107)),
        MetricSpec(
            "distance_skating_sports_km", aliases: ["distance_skating_sports", "skating_sports_distance", "HKQuantityTypeIdentifierDistanceSkatingSports"],
            healthKit: "HKQuantityTypeIdentifierDistanceSkatingSports", kind: .cumulativeDeduplicated, units: kilometreUnits, range: 0...500,
            description: "Distance skated (km); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "skating distance", textUnit: " km", decimals: 2, textDecimals: 1, order: 108)),
        MetricSpec(
            "basal_energy_kcal", displayName: "Resting energy", aliases: ["basal_energy_burned", "basal_energy", "resting_energy", "HKQuantityTypeIdentifierBasalEnergyBurned"],
            healthKit: "HKQuantityTypeIdentifierBasalEnergyBurned", kind: .cumulativeDeduplicated, units: energyUnits, range: 0...20_000,
            description: "Basal (resting) energy burned (kcal); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "resting energy", textUnit: " kcal", order: 109)),
        MetricSpec(
            "flights_climbed", displayName: "Flights climbed", aliases: ["flights", "HKQuantityTypeIdentifierFlightsClimbed"],
            healthKit: "HKQuantityTypeIdentifierFlightsClimbed", kind: .cumulativeDeduplicated, units: countUnits, range: 0...10_000,
            description: "Flights of stairs climbed (count); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "flights climbed", textUnit: " flights", order: 110)),
        MetricSpec(
            "push_count", aliases: ["pushes", "wheelchair_push_count", "HKQuantityTypeIdentifierPushCount"],
            healthKit: "HKQuantityTypeIdentifierPushCount", kind: .cumulativeDeduplicated, units: countUnits, range: 0...200_000,
            description: "Wheelchair pushes (count); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "wheelchair pushes", textUnit: " pushes", order: 111)),
        MetricSpec(
            "swimming_stroke_count", aliases: ["swimming_strokes", "HKQuantityTypeIdentifierSwimmingStrokeCount"],
            healthKit: "HKQuantityTypeIdentifierSwimmingStrokeCount", kind: .cumulativeDeduplicated, units: countUnits, range: 0...100_000,
            description: "Swimming strokes (count); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "swimming strokes", textUnit: " strokes", order: 112)),
        MetricSpec(
            "nike_fuel", aliases: ["HKQuantityTypeIdentifierNikeFuel"],
            healthKit: "HKQuantityTypeIdentifierNikeFuel", kind: .cumulativeDeduplicated, units: countUnits, range: 0...100_000,
            description: "NikeFuel points (count); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "NikeFuel", textUnit: " NikeFuel", order: 113)),
        MetricSpec(
            "apple_exercise_time_min", displayName: "Exercise minutes", aliases: ["apple_exercise_time", "exercise_time", "exercise_minutes", "HKQuantityTypeIdentifierAppleExerciseTime"],
            healthKit: "HKQuantityTypeIdentifierAppleExerciseTime", kind: .cumulativeDeduplicated, units: minuteUnits, range: 0...1440,
            description: "Exercise minutes of Apple's exercise ring (min); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "exercise", textUnit: " min", order: 114)),
        MetricSpec(
            "apple_stand_time_min", displayName: "Stand minutes", aliases: ["apple_stand_time", "stand_time", "HKQuantityTypeIdentifierAppleStandTime"],
            healthKit: "HKQuantityTypeIdentifierAppleStandTime", kind: .cumulativeDeduplicated, units: minuteUnits, range: 0...1440,
            description: "Minutes spent standing (min); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "stand time", textUnit: " min", order: 115)),
        MetricSpec(
            "apple_move_time_min", displayName: "Move minutes", aliases: ["apple_move_time", "move_time", "HKQuantityTypeIdentifierAppleMoveTime"],
            healthKit: "HKQuantityTypeIdentifierAppleMoveTime", kind: .cumulativeDeduplicated, units: minuteUnits, range: 0...1440,
            description: "Move minutes of Apple's move ring in minutes mode (min); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "move time", textUnit: " min", order: 116)),
        MetricSpec(
            "time_in_daylight_min", displayName: "Time in daylight", aliases: ["time_in_daylight", "daylight_time", "HKQuantityTypeIdentifierTimeInDaylight"],
            healthKit: "HKQuantityTypeIdentifierTimeInDaylight", kind: .cumulativeDeduplicated, units: minuteUnits, range: 0...1440,
            description: "Time spent in daylight (min); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "time in daylight", textUnit: " min", order: 117)),
        // HealthKit counts falls as a quantity; clients that speak of a "fall event" mean the same samples.
        MetricSpec(
            "number_of_times_fallen", displayName: "Falls", aliases: ["falls", "fallEvent", "Falls", "41952-1", "HKQuantityTypeIdentifierNumberOfTimesFallen", "HKCategoryTypeIdentifierFallEvent"],
            healthKit: "HKQuantityTypeIdentifierNumberOfTimesFallen", kind: .cumulative, units: countUnits, range: 0...100,
            description: "Falls detected or logged (count); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "falls", textUnit: " falls", order: 118)),
    ]
}
