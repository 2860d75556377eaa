/// HealthKit's category value enums, with their raw values as codes and the spellings
/// HealthSave and Health Auto Export send as aliases.
extension Array where Element == CategoryValue {
    /// `HKCategoryValuePresence`: mood and sleep changes.
    public static let presence: [CategoryValue] = [
        CategoryValue("present", code: 0, aliases: ["Present"]), CategoryValue("notPresent", code: 1, aliases: ["not_present", "Not Present"]),
    ]

    /// `HKCategoryValueAppetiteChanges`.
    public static let appetiteChanges: [CategoryValue] = [
        CategoryValue("unspecified", code: 0, aliases: ["Unspecified"]), CategoryValue("noChange", code: 1, aliases: ["no_change", "No Change"]),
        CategoryValue("decreased", code: 2, aliases: ["Decreased"]), CategoryValue("increased", code: 3, aliases: ["Increased"]),
    ]

    /// `HKCategoryValueMenstrualFlow`.
    public static let menstrualFlow: [CategoryValue] = [
        CategoryValue("unspecified", code: 1, aliases: ["Unspecified"]), CategoryValue("light", code: 2, aliases: ["Light"]),
        CategoryValue("medium", code: 3, aliases: ["Medium"]), CategoryValue("heavy", code: 4, aliases: ["Heavy"]),
        CategoryValue("none", code: 5, aliases: ["None"]),
    ]

    /// `HKCategoryValueVaginalBleeding`: bleeding during or after pregnancy.
    public static let vaginalBleeding: [CategoryValue] = menstrualFlow

    /// `HKCategoryValueOvulationTestResult`; `positive` is the older name of the LH surge.
    public static let ovulationTestResult: [CategoryValue] = [
        CategoryValue("negative", code: 1, aliases: ["Negative"]),
        CategoryValue("luteinizingHormoneSurge", code: 2, aliases: ["positive", "Positive", "luteinizing_hormone_surge", "LH Surge"]),
        CategoryValue("indeterminate", code: 3, aliases: ["Indeterminate"]),
        CategoryValue("estrogenSurge", code: 4, aliases: ["estrogen_surge", "Estrogen Surge"]),
    ]

    /// `HKCategoryValueCervicalMucusQuality`, from least to most fertile.
    public static let cervicalMucusQuality: [CategoryValue] = [
        CategoryValue("dry", code: 1, aliases: ["Dry"]), CategoryValue("sticky", code: 2, aliases: ["Sticky"]),
        CategoryValue("creamy", code: 3, aliases: ["Creamy"]), CategoryValue("watery", code: 4, aliases: ["Watery"]),
        CategoryValue("eggWhite", code: 5, aliases: ["egg_white", "Egg White"]),
    ]

    /// `HKCategoryValueContraceptive`.
    public static let contraceptive: [CategoryValue] = [
        CategoryValue("unspecified", code: 1, aliases: ["Unspecified"]), CategoryValue("implant", code: 2, aliases: ["Implant"]),
        CategoryValue("injection", code: 3, aliases: ["Injection"]),
        CategoryValue("intrauterineDevice", code: 4, aliases: ["intrauterine_device", "Intrauterine Device", "IUD"]),
        CategoryValue("intravaginalRing", code: 5, aliases: ["intravaginal_ring", "Intravaginal Ring"]),
        CategoryValue("oral", code: 6, aliases: ["Oral"]), CategoryValue("patch", code: 7, aliases: ["Patch"]),
    ]

    /// `HKCategoryValuePregnancyTestResult`.
    public static let pregnancyTestResult: [CategoryValue] = [
        CategoryValue("negative", code: 1, aliases: ["Negative"]), CategoryValue("positive", code: 2, aliases: ["Positive"]),
        CategoryValue("indeterminate", code: 3, aliases: ["Indeterminate"]),
    ]

    /// `HKCategoryValueProgesteroneTestResult`.
    public static let progesteroneTestResult: [CategoryValue] = pregnancyTestResult

    /// `HKCategoryValueAppleStandHour`.
    public static let appleStandHour: [CategoryValue] = [
        CategoryValue("stood", code: 0, aliases: ["Stood"]), CategoryValue("idle", code: 1, aliases: ["Idle"]),
    ]

    /// `HKCategoryValueLowCardioFitnessEvent`.
    public static let lowCardioFitnessEvent: [CategoryValue] = [CategoryValue("lowFitness", code: 1, aliases: ["low_fitness", "Low Fitness"])]

    /// `HKCategoryValueAppleWalkingSteadinessEvent`.
    public static let appleWalkingSteadinessEvent: [CategoryValue] = [
        CategoryValue("initialLow", code: 1, aliases: ["initial_low", "Initial Low"]),
        CategoryValue("initialVeryLow", code: 2, aliases: ["initial_very_low", "Initial Very Low"]),
        CategoryValue("repeatLow", code: 3, aliases: ["repeat_low", "Repeat Low"]),
        CategoryValue("repeatVeryLow", code: 4, aliases: ["repeat_very_low", "Repeat Very Low"]),
    ]

    /// `HKCategoryValueEnvironmentalAudioExposureEvent`; `loudEnvironment` is the older name.
    public static let environmentalAudioExposureEvent: [CategoryValue] = [
        CategoryValue("momentaryLimit", code: 1, aliases: ["momentary_limit", "loudEnvironment", "Momentary Limit"]),
    ]

    /// `HKCategoryValueHeadphoneAudioExposureEvent`.
    public static let headphoneAudioExposureEvent: [CategoryValue] = [
        CategoryValue("sevenDayLimit", code: 1, aliases: ["seven_day_limit", "Seven Day Limit"]),
    ]
}
