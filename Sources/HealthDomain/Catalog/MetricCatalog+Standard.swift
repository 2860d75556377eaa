extension MetricCatalog {
    /// The built-in metric table.
    public static let standard = MetricCatalog(standardSpecs)

    /// Energy in kilocalories. HealthKit spells the kilocalorie `kcal` or `Cal` (the large
    /// calorie) and the small calorie `cal`, a thousandth of it: matched case-sensitively.
    static let energyUnits = MetricUnits("kcal", [
        UnitConversion("Cal"), UnitConversion("cal", factor: 0.001), UnitConversion("kJ", factor: 1 / 4.184),
        UnitConversion("J", factor: 1 / 4184),
    ])
    static let poundsToKilograms = 0.453_592_37

    /// One entry per metric, in documentation order: the core metrics every summary
    /// lists, then the groups of the full HealthKit catalog.
    static let standardSpecs: [MetricSpec] =
        coreSpecs + activitySpecs + vitalSpecs + bodySpecs + mobilitySpecs + nutritionSpecs + environmentSpecs + categorySpecs
        + symptomSpecs

    /// The core metrics, listed in every summary.
    static let coreSpecs: [MetricSpec] = [
        MetricSpec(
            .stepCount, displayName: "Steps", aliases: ["steps", "HKQuantityTypeIdentifierStepCount", "Step Count", "41950-7"], healthKit: "HKQuantityTypeIdentifierStepCount",
            kind: .cumulativeDeduplicated,
            units: MetricUnits("count", [UnitConversion("steps"), UnitConversion("step")]), range: 0...200_000,
            description: "Steps taken (count); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "step", textUnit: " steps", phrase: .lead, order: 0, always: true),
            spreadFloor: 500),
        MetricSpec(
            .activeEnergyKcal, displayName: "Active energy", aliases: ["active_energy", "HKQuantityTypeIdentifierActiveEnergyBurned", "active_energy_burned", "Calories Burned", "41979-6"],
            healthKit: "HKQuantityTypeIdentifierActiveEnergyBurned", kind: .cumulativeDeduplicated,
            units: energyUnits, range: 0...20_000,
            description: "Active energy burned (kcal); a day's total is de-duplicated across sources by source priority.",
            wording: SummaryWording(headline: .total, label: "active energy", textUnit: " kcal", phrase: .balance("active"), order: 7, always: true)),
        MetricSpec(
            .dietaryEnergyKcal, displayName: "Dietary energy", aliases: ["dietary_energy", "dietary_energy_consumed", "HKQuantityTypeIdentifierDietaryEnergyConsumed"],
            healthKit: "HKQuantityTypeIdentifierDietaryEnergyConsumed", kind: .cumulative,
            units: energyUnits, range: 0...20_000,
            description: "Dietary energy eaten (kcal); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "dietary energy", textUnit: " kcal", phrase: .balance("eaten"), order: 6,
                                    always: true, coverageLabel: "food logged"),
            writable: true),
        MetricSpec(
            .restingHeartRateBpm, aliases: ["resting_heart_rate", "HKQuantityTypeIdentifierRestingHeartRate"],
            healthKit: "HKQuantityTypeIdentifierRestingHeartRate", kind: .discrete,
            units: beatsPerMinuteUnits, range: 20...250,
            description: "Resting heart rate (bpm); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "resting HR", textUnit: " bpm", decimals: 1, order: 2, always: true),
            spreadFloor: 1, lowerIsBetter: true),
        MetricSpec(
            .hrvSdnnMs, displayName: "Heart rate variability", aliases: ["heart_rate_variability", "heart_rate_variability_sdnn", "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "hrv",
                                  "Heart Rate Variability", "80404-7"],
            healthKit: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", kind: .discrete,
            units: millisecondUnits, range: 1...500,
            description: "Heart rate variability as SDNN (ms); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "HRV", textUnit: " ms", decimals: 1, order: 3, always: true),
            spreadFloor: 3),
        MetricSpec(
            .bodyMassKg, displayName: "Weight", aliases: ["body_mass", "weight", "HKQuantityTypeIdentifierBodyMass", "weight_body_mass", "Body Weight", "29463-7"],
            healthKit: "HKQuantityTypeIdentifierBodyMass", kind: .discrete,
            units: kilogramUnits, range: 1...650,
            description: "Body mass (kg); a day reports the latest weighing plus average, minimum and maximum.",
            wording: SummaryWording(headline: .latest, label: "weight", textUnit: " kg", decimals: 1, textDecimals: 1, order: 4, always: true),
            writable: true),
        MetricSpec(
            .bodyFatPercent, displayName: "Body fat", aliases: ["body_fat_percentage", "HKQuantityTypeIdentifierBodyFatPercentage"],
            healthKit: "HKQuantityTypeIdentifierBodyFatPercentage", kind: .discrete,
            units: MetricUnits("%", [UnitConversion("fraction", factor: 100)]), range: 2...75,
            description: "Body fat percentage (%, 0–100; HealthKit's 0–1 fraction is converted); a day reports the latest reading plus average, minimum and maximum.",
            wording: SummaryWording(headline: .latest, label: "body fat", textUnit: "%", decimals: 1, textDecimals: 1, order: 5, always: true),
            writable: true),
        MetricSpec(
            .sleepSegment, displayName: "Sleep", aliases: ["sleep_analysis", "HKCategoryTypeIdentifierSleepAnalysis", "sleep", "Sleep Metrics", "93832-4"],
            healthKit: "HKCategoryTypeIdentifierSleepAnalysis", kind: .sleep, units: nil,
            description: "Sleep analysis segment (category: inBed, asleep, awake, asleepREM, asleepCore, asleepDeep); a night reports minutes per stage.",
            wording: SummaryWording(headline: .sleep, label: "sleep", textUnit: "", phrase: .lead, order: 1, always: true),
            categories: .sleepAnalysis, spreadFloor: 20),
    ]
}
