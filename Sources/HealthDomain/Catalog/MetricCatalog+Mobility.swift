extension MetricCatalog {
    /// Mobility, running, cycling and workout effort readings.
    static let mobilitySpecs: [MetricSpec] = [
        MetricSpec(
            "walking_speed_km_h", aliases: ["walking_speed", "HKQuantityTypeIdentifierWalkingSpeed"],
            healthKit: "HKQuantityTypeIdentifierWalkingSpeed", kind: .discrete, units: kilometresPerHourUnits, range: 0...25,
            description: "Walking speed (km/h); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "walking speed", textUnit: " km/h", decimals: 2, textDecimals: 1, order: 400)),
        MetricSpec(
            "walking_step_length_cm", aliases: ["walking_step_length", "step_length", "HKQuantityTypeIdentifierWalkingStepLength"],
            healthKit: "HKQuantityTypeIdentifierWalkingStepLength", kind: .discrete, units: centimetreUnits, range: 5...250,
            description: "Walking step length (cm); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "step length", textUnit: " cm", decimals: 1, order: 401)),
        // 0% asymmetry is a real reading, so `%` values ≤ 1 are taken as sent; HealthKit's 0–1 fraction must say `fraction`.
        MetricSpec(
            "walking_asymmetry_percent", displayName: "Walking asymmetry", aliases: ["walking_asymmetry", "walking_asymmetry_percentage", "HKQuantityTypeIdentifierWalkingAsymmetryPercentage"],
            healthKit: "HKQuantityTypeIdentifierWalkingAsymmetryPercentage", kind: .discrete, units: percentUnits, range: 0...100,
            description: "Share of steps with uneven timing between the feet (%, 0–100; a 0–1 fraction sent as 'fraction' is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "walking asymmetry", textUnit: "%", decimals: 1, order: 402)),
        MetricSpec(
            "walking_double_support_percent", displayName: "Double support time", aliases: ["walking_double_support", "walking_double_support_percentage", "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage"],
            healthKit: "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage", kind: .discrete, units: percentUnits, range: 1...100,
            description: "Share of walking time with both feet on the ground (%, 0–100; HealthKit's 0–1 fraction is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "double support", textUnit: "%", decimals: 1, order: 403)),
        MetricSpec(
            "stair_ascent_speed_m_s", aliases: ["stair_ascent_speed", "stair_speed_up", "HKQuantityTypeIdentifierStairAscentSpeed"],
            healthKit: "HKQuantityTypeIdentifierStairAscentSpeed", kind: .discrete, units: metresPerSecondUnits, range: 0...5,
            description: "Stair ascent speed (m/s); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "stair speed up", textUnit: " m/s", decimals: 2, textDecimals: 1, order: 404)),
        MetricSpec(
            "stair_descent_speed_m_s", aliases: ["stair_descent_speed", "stair_speed_down", "HKQuantityTypeIdentifierStairDescentSpeed"],
            healthKit: "HKQuantityTypeIdentifierStairDescentSpeed", kind: .discrete, units: metresPerSecondUnits, range: 0...5,
            description: "Stair descent speed (m/s); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "stair speed down", textUnit: " m/s", decimals: 2, textDecimals: 1, order: 405)),
        MetricSpec(
            "apple_walking_steadiness_percent", displayName: "Walking steadiness", aliases: ["apple_walking_steadiness", "walking_steadiness", "Gait Analysis", "95809-3", "HKQuantityTypeIdentifierAppleWalkingSteadiness"],
            healthKit: "HKQuantityTypeIdentifierAppleWalkingSteadiness", kind: .discrete, units: percentUnits, range: 0...100,
            description: "Walking steadiness score (%, 0–100; a 0–1 fraction sent as 'fraction' is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "walking steadiness", textUnit: "%", decimals: 1, order: 406)),
        MetricSpec(
            "six_minute_walk_test_distance_m", displayName: "Six-minute walk distance", aliases: ["six_minute_walk_test_distance", "six_minute_walking_test_distance", "HKQuantityTypeIdentifierSixMinuteWalkTestDistance"],
            healthKit: "HKQuantityTypeIdentifierSixMinuteWalkTestDistance", kind: .discrete, units: metreUnits, range: 10...2000,
            description: "Estimated six-minute walk distance (m); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "six-minute walk", textUnit: " m", order: 407)),
        MetricSpec(
            "running_power_w", aliases: ["running_power", "HKQuantityTypeIdentifierRunningPower"],
            healthKit: "HKQuantityTypeIdentifierRunningPower", kind: .discrete, units: wattUnits, range: 0...2500,
            description: "Running power (W); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "running power", textUnit: " W", order: 408)),
        MetricSpec(
            "running_speed_km_h", aliases: ["running_speed", "HKQuantityTypeIdentifierRunningSpeed"],
            healthKit: "HKQuantityTypeIdentifierRunningSpeed", kind: .discrete, units: kilometresPerHourUnits, range: 0...50,
            description: "Running speed (km/h); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "running speed", textUnit: " km/h", decimals: 2, textDecimals: 1, order: 409)),
        MetricSpec(
            "running_stride_length_m", aliases: ["running_stride_length", "HKQuantityTypeIdentifierRunningStrideLength"],
            healthKit: "HKQuantityTypeIdentifierRunningStrideLength", kind: .discrete, units: metreUnits, range: 0...5,
            description: "Running stride length (m); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "stride length", textUnit: " m", decimals: 2, textDecimals: 1, order: 410)),
        MetricSpec(
            "running_vertical_oscillation_cm", aliases: ["running_vertical_oscillation", "HKQuantityTypeIdentifierRunningVerticalOscillation"],
            healthKit: "HKQuantityTypeIdentifierRunningVerticalOscillation", kind: .discrete, units: centimetreUnits, range: 0...50,
            description: "Vertical oscillation while running (cm); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "vertical oscillation", textUnit: " cm", decimals: 1, order: 411)),
        MetricSpec(
            "running_ground_contact_time_ms", aliases: ["running_ground_contact_time", "HKQuantityTypeIdentifierRunningGroundContactTime"],
            healthKit: "HKQuantityTypeIdentifierRunningGroundContactTime", kind: .discrete, units: millisecondUnits, range: 50...2000,
            description: "Ground contact time per running step (ms); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "ground contact time", textUnit: " ms", order: 412)),
        MetricSpec(
            "cycling_speed_km_h", aliases: ["cycling_speed", "HKQuantityTypeIdentifierCyclingSpeed"],
            healthKit: "HKQuantityTypeIdentifierCyclingSpeed", kind: .discrete, units: kilometresPerHourUnits, range: 0...150,
            description: "Cycling speed (km/h); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "cycling speed", textUnit: " km/h", decimals: 2, textDecimals: 1, order: 413)),
        MetricSpec(
            "cycling_power_w", aliases: ["cycling_power", "HKQuantityTypeIdentifierCyclingPower"],
            healthKit: "HKQuantityTypeIdentifierCyclingPower", kind: .discrete, units: wattUnits, range: 0...3000,
            description: "Cycling power (W); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "cycling power", textUnit: " W", order: 414)),
        MetricSpec(
            "cycling_cadence_rpm", aliases: ["cycling_cadence", "HKQuantityTypeIdentifierCyclingCadence"],
            healthKit: "HKQuantityTypeIdentifierCyclingCadence", kind: .discrete, units: cadenceUnits, range: 0...300,
            description: "Cycling cadence (rpm); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "cadence", textUnit: " rpm", order: 415)),
        MetricSpec(
            "cycling_functional_threshold_power_w", aliases: ["cycling_functional_threshold_power", "ftp", "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower"],
            healthKit: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower", kind: .discrete, units: wattUnits, range: 0...2500,
            description: "Cycling functional threshold power (W); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "FTP", textUnit: " W", order: 416)),
        MetricSpec(
            "cross_country_skiing_speed_km_h", aliases: ["cross_country_skiing_speed", "HKQuantityTypeIdentifierCrossCountrySkiingSpeed"],
            healthKit: "HKQuantityTypeIdentifierCrossCountrySkiingSpeed", kind: .discrete, units: kilometresPerHourUnits, range: 0...80,
            description: "Cross-country skiing speed (km/h); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "cross-country skiing speed", textUnit: " km/h", decimals: 2, textDecimals: 1, order: 417)),
        MetricSpec(
            "paddle_sports_speed_km_h", aliases: ["paddle_sports_speed", "HKQuantityTypeIdentifierPaddleSportsSpeed"],
            healthKit: "HKQuantityTypeIdentifierPaddleSportsSpeed", kind: .discrete, units: kilometresPerHourUnits, range: 0...50,
            description: "Paddle sports speed (km/h); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "paddling speed", textUnit: " km/h", decimals: 2, textDecimals: 1, order: 418)),
        MetricSpec(
            "rowing_speed_km_h", aliases: ["rowing_speed", "HKQuantityTypeIdentifierRowingSpeed"],
            healthKit: "HKQuantityTypeIdentifierRowingSpeed", kind: .discrete, units: kilometresPerHourUnits, range: 0...50,
            description: "Rowing speed (km/h); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "rowing speed", textUnit: " km/h", decimals: 2, textDecimals: 1, order: 419)),
        MetricSpec(
            "physical_effort_kcal_kg_hr", aliases: ["physical_effort", "HKQuantityTypeIdentifierPhysicalEffort"],
            healthKit: "HKQuantityTypeIdentifierPhysicalEffort", kind: .discrete, units: physicalEffortUnits, range: 0...50,
            description: "Physical effort (kcal/(kg·hr), i.e. METs); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "physical effort", textUnit: " kcal/kg·hr", decimals: 1, order: 420)),
        MetricSpec(
            "workout_effort_score", aliases: ["effort_score", "HKQuantityTypeIdentifierWorkoutEffortScore"],
            healthKit: "HKQuantityTypeIdentifierWorkoutEffortScore", kind: .discrete, units: effortScoreUnits, range: 0...10,
            description: "Rated workout effort (score 1–10); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "workout effort", textUnit: "", decimals: 1, order: 421)),
        MetricSpec(
            "estimated_workout_effort_score", displayName: "Estimated workout effort", aliases: ["estimated_effort_score", "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore"],
            healthKit: "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore", kind: .discrete, units: effortScoreUnits, range: 0...10,
            description: "Workout effort estimated by Apple Watch (score 1–10); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "estimated workout effort", textUnit: "", decimals: 1, order: 422)),
    ]
}
