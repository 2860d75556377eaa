extension MetricCatalog {
    /// Category types other than sleep and symptoms: timed sessions, notifications and cycle tracking.
    static let categorySpecs: [MetricSpec] = [
        // Every sample is one clock hour with a value (stood or idle), so it is an event with a value: a day counts
        // its hours and which values were seen; timing it as a duration would add idle hours to the minutes.
        MetricSpec(
            "apple_stand_hour", displayName: "Stand hours", aliases: ["stand_hour", "stand_hours", "HKCategoryTypeIdentifierAppleStandHour"],
            healthKit: "HKCategoryTypeIdentifierAppleStandHour", kind: .categoryEvent, units: nil,
            description: "Hours with at least a minute of standing and moving (category: stood, idle); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "stand hours", textUnit: "", order: 700),
            categories: .appleStandHour),
        MetricSpec(
            "mindful_session", aliases: ["mindful_minutes", "mindfulness", "HKCategoryTypeIdentifierMindfulSession"],
            healthKit: "HKCategoryTypeIdentifierMindfulSession", kind: .categoryDuration, units: nil,
            description: "Mindfulness session (category, timed); a day reports the number of sessions and their minutes, overlaps counted once.",
            wording: SummaryWording(headline: .minutes, label: "mindful minutes", textUnit: "", order: 701),
            categories: .notApplicable),
        MetricSpec(
            "handwashing_event", aliases: ["handwashing", "HKCategoryTypeIdentifierHandwashingEvent"],
            healthKit: "HKCategoryTypeIdentifierHandwashingEvent", kind: .categoryDuration, units: nil,
            description: "Handwashing (category, timed); a day reports the number of sessions and their minutes, overlaps counted once.",
            wording: SummaryWording(headline: .minutes, label: "handwashing", textUnit: "", order: 702),
            categories: .notApplicable),
        MetricSpec(
            "toothbrushing_event", aliases: ["toothbrushing", "HKCategoryTypeIdentifierToothbrushingEvent"],
            healthKit: "HKCategoryTypeIdentifierToothbrushingEvent", kind: .categoryDuration, units: nil,
            description: "Toothbrushing (category, timed); a day reports the number of sessions and their minutes, overlaps counted once.",
            wording: SummaryWording(headline: .minutes, label: "toothbrushing", textUnit: "", order: 703),
            categories: .notApplicable),
        MetricSpec(
            "high_heart_rate_event", aliases: ["high_heart_rate_notification", "HKCategoryTypeIdentifierHighHeartRateEvent"],
            healthKit: "HKCategoryTypeIdentifierHighHeartRateEvent", kind: .categoryEvent, units: nil,
            description: "High heart rate notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "high heart rate notifications", textUnit: "", order: 704),
            categories: .notApplicable),
        MetricSpec(
            "low_heart_rate_event", aliases: ["low_heart_rate_notification", "HKCategoryTypeIdentifierLowHeartRateEvent"],
            healthKit: "HKCategoryTypeIdentifierLowHeartRateEvent", kind: .categoryEvent, units: nil,
            description: "Low heart rate notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "low heart rate notifications", textUnit: "", order: 705),
            categories: .notApplicable),
        MetricSpec(
            "irregular_heart_rhythm_event", aliases: ["irregular_heart_rhythm_notification", "irregular_rhythm_notification", "HKCategoryTypeIdentifierIrregularHeartRhythmEvent"],
            healthKit: "HKCategoryTypeIdentifierIrregularHeartRhythmEvent", kind: .categoryEvent, units: nil,
            description: "Irregular rhythm notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "irregular rhythm notifications", textUnit: "", order: 706),
            categories: .notApplicable),
        MetricSpec(
            "low_cardio_fitness_event", aliases: ["HKCategoryTypeIdentifierLowCardioFitnessEvent"],
            healthKit: "HKCategoryTypeIdentifierLowCardioFitnessEvent", kind: .categoryEvent, units: nil,
            description: "Low cardio fitness notification (category: lowFitness); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "low cardio fitness notifications", textUnit: "", order: 707),
            categories: .lowCardioFitnessEvent),
        MetricSpec(
            "hypertension_event", aliases: ["hypertension_notification", "HKCategoryTypeIdentifierHypertensionEvent"],
            healthKit: "HKCategoryTypeIdentifierHypertensionEvent", kind: .categoryEvent, units: nil,
            description: "Hypertension notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "hypertension notifications", textUnit: "", order: 708),
            categories: .notApplicable),
        MetricSpec(
            "environmental_audio_exposure_event", aliases: ["audio_exposure_event", "HKCategoryTypeIdentifierAudioExposureEvent", "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent"],
            healthKit: "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent", kind: .categoryEvent, units: nil,
            description: "Loud environment notification (category: momentaryLimit); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "loud environment notifications", textUnit: "", order: 709),
            categories: .environmentalAudioExposureEvent),
        MetricSpec(
            "headphone_audio_exposure_event", aliases: ["HKCategoryTypeIdentifierHeadphoneAudioExposureEvent"],
            healthKit: "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent", kind: .categoryEvent, units: nil,
            description: "Headphone audio notification (category: sevenDayLimit); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "headphone audio notifications", textUnit: "", order: 710),
            categories: .headphoneAudioExposureEvent),
        MetricSpec(
            "apple_walking_steadiness_event", aliases: ["walking_steadiness_event", "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent"],
            healthKit: "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent", kind: .categoryEvent, units: nil,
            description: "Walking steadiness notification (category: initialLow, initialVeryLow, repeatLow, repeatVeryLow); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "walking steadiness notifications", textUnit: "", order: 711),
            categories: .appleWalkingSteadinessEvent),
        MetricSpec(
            "sleep_apnea_event", displayName: "Breathing disturbances notification", aliases: ["sleep_apnea_notification", "HKCategoryTypeIdentifierSleepApneaEvent"],
            healthKit: "HKCategoryTypeIdentifierSleepApneaEvent", kind: .categoryEvent, units: nil,
            description: "Breathing disturbances notification, a sign of possible sleep apnea (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "sleep apnea notifications", textUnit: "", order: 712),
            categories: .notApplicable),
        MetricSpec(
            "menstrual_flow", aliases: ["menstruation", "period", "HKCategoryTypeIdentifierMenstrualFlow"],
            healthKit: "HKCategoryTypeIdentifierMenstrualFlow", kind: .categoryEvent, units: nil,
            description: "Menstrual flow (category: unspecified, light, medium, heavy, none); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "menstrual flow", textUnit: "", order: 713),
            categories: .menstrualFlow),
        MetricSpec(
            "intermenstrual_bleeding", aliases: ["spotting", "HKCategoryTypeIdentifierIntermenstrualBleeding"],
            healthKit: "HKCategoryTypeIdentifierIntermenstrualBleeding", kind: .categoryEvent, units: nil,
            description: "Spotting between periods (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "spotting", textUnit: "", order: 714),
            categories: .notApplicable),
        MetricSpec(
            "ovulation_test_result", aliases: ["ovulation_test", "HKCategoryTypeIdentifierOvulationTestResult"],
            healthKit: "HKCategoryTypeIdentifierOvulationTestResult", kind: .categoryEvent, units: nil,
            description: "Ovulation test result (category: negative, luteinizingHormoneSurge, indeterminate, estrogenSurge); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "ovulation tests", textUnit: "", order: 715),
            categories: .ovulationTestResult),
        MetricSpec(
            "cervical_mucus_quality", aliases: ["cervical_mucus", "HKCategoryTypeIdentifierCervicalMucusQuality"],
            healthKit: "HKCategoryTypeIdentifierCervicalMucusQuality", kind: .categoryEvent, units: nil,
            description: "Cervical mucus quality (category: dry, sticky, creamy, watery, eggWhite); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "cervical mucus", textUnit: "", order: 716),
            categories: .cervicalMucusQuality),
        MetricSpec(
            "sexual_activity", aliases: ["HKCategoryTypeIdentifierSexualActivity"],
            healthKit: "HKCategoryTypeIdentifierSexualActivity", kind: .categoryEvent, units: nil,
            description: "Sexual activity (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "sexual activity", textUnit: "", order: 717),
            categories: .notApplicable),
        MetricSpec(
            "contraceptive", aliases: ["contraceptives", "HKCategoryTypeIdentifierContraceptive"],
            healthKit: "HKCategoryTypeIdentifierContraceptive", kind: .categoryEvent, units: nil,
            description: "Contraceptive use (category: unspecified, implant, injection, intrauterineDevice, intravaginalRing, oral, patch); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "contraceptive", textUnit: "", order: 718),
            categories: .contraceptive),
        MetricSpec(
            "pregnancy", aliases: ["HKCategoryTypeIdentifierPregnancy"],
            healthKit: "HKCategoryTypeIdentifierPregnancy", kind: .categoryEvent, units: nil,
            description: "Pregnancy (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "pregnancy", textUnit: "", order: 719),
            categories: .notApplicable),
        MetricSpec(
            "pregnancy_test_result", aliases: ["pregnancy_test", "HKCategoryTypeIdentifierPregnancyTestResult"],
            healthKit: "HKCategoryTypeIdentifierPregnancyTestResult", kind: .categoryEvent, units: nil,
            description: "Pregnancy test result (category: negative, positive, indeterminate); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "pregnancy tests", textUnit: "", order: 720),
            categories: .pregnancyTestResult),
        MetricSpec(
            "lactation", aliases: ["HKCategoryTypeIdentifierLactation"],
            healthKit: "HKCategoryTypeIdentifierLactation", kind: .categoryEvent, units: nil,
            description: "Lactation (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "lactation", textUnit: "", order: 721),
            categories: .notApplicable),
        MetricSpec(
            "progesterone_test_result", aliases: ["progesterone_test", "HKCategoryTypeIdentifierProgesteroneTestResult"],
            healthKit: "HKCategoryTypeIdentifierProgesteroneTestResult", kind: .categoryEvent, units: nil,
            description: "Progesterone test result (category: negative, positive, indeterminate); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "progesterone tests", textUnit: "", order: 722),
            categories: .progesteroneTestResult),
        MetricSpec(
            "infrequent_menstrual_cycles", aliases: ["HKCategoryTypeIdentifierInfrequentMenstrualCycles"],
            healthKit: "HKCategoryTypeIdentifierInfrequentMenstrualCycles", kind: .categoryEvent, units: nil,
            description: "Infrequent periods notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "infrequent periods", textUnit: "", order: 723),
            categories: .notApplicable),
        MetricSpec(
            "irregular_menstrual_cycles", aliases: ["HKCategoryTypeIdentifierIrregularMenstrualCycles"],
            healthKit: "HKCategoryTypeIdentifierIrregularMenstrualCycles", kind: .categoryEvent, units: nil,
            description: "Irregular cycles notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "irregular cycles", textUnit: "", order: 724),
            categories: .notApplicable),
        MetricSpec(
            "persistent_intermenstrual_bleeding", aliases: ["HKCategoryTypeIdentifierPersistentIntermenstrualBleeding"],
            healthKit: "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding", kind: .categoryEvent, units: nil,
            description: "Persistent spotting notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "persistent spotting", textUnit: "", order: 725),
            categories: .notApplicable),
        MetricSpec(
            "prolonged_menstrual_periods", aliases: ["HKCategoryTypeIdentifierProlongedMenstrualPeriods"],
            healthKit: "HKCategoryTypeIdentifierProlongedMenstrualPeriods", kind: .categoryEvent, units: nil,
            description: "Prolonged periods notification (category: no value); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "prolonged periods", textUnit: "", order: 726),
            categories: .notApplicable),
        MetricSpec(
            "bleeding_after_pregnancy", aliases: ["HKCategoryTypeIdentifierBleedingAfterPregnancy"],
            healthKit: "HKCategoryTypeIdentifierBleedingAfterPregnancy", kind: .categoryEvent, units: nil,
            description: "Bleeding after pregnancy (category: unspecified, light, medium, heavy, none); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "bleeding after pregnancy", textUnit: "", order: 727),
            categories: .vaginalBleeding),
        MetricSpec(
            "bleeding_during_pregnancy", aliases: ["HKCategoryTypeIdentifierBleedingDuringPregnancy"],
            healthKit: "HKCategoryTypeIdentifierBleedingDuringPregnancy", kind: .categoryEvent, units: nil,
            description: "Bleeding during pregnancy (category: unspecified, light, medium, heavy, none); a day reports how many were logged and the values seen.",
            wording: SummaryWording(headline: .count, label: "bleeding during pregnancy", textUnit: "", order: 728),
            categories: .vaginalBleeding),
    ]
}
