extension MetricCatalog {
    /// Sound, UV and water readings around the person.
    static let environmentSpecs: [MetricSpec] = [
        MetricSpec(
            "environmental_audio_exposure_dba", aliases: ["environmental_audio_exposure", "environmental_sound_levels", "HKQuantityTypeIdentifierEnvironmentalAudioExposure"],
            healthKit: "HKQuantityTypeIdentifierEnvironmentalAudioExposure", kind: .discrete, units: decibelUnits, range: 0...150,
            description: "Environmental sound level (dBA SPL); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "environmental sound", textUnit: " dB", decimals: 1, order: 600)),
        MetricSpec(
            "headphone_audio_exposure_dba", aliases: ["headphone_audio_exposure", "headphone_audio_levels", "HKQuantityTypeIdentifierHeadphoneAudioExposure"],
            healthKit: "HKQuantityTypeIdentifierHeadphoneAudioExposure", kind: .discrete, units: decibelUnits, range: 0...150,
            description: "Headphone audio level (dBA SPL); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "headphone audio", textUnit: " dB", decimals: 1, order: 601)),
        MetricSpec(
            "environmental_sound_reduction_dba", aliases: ["environmental_sound_reduction", "HKQuantityTypeIdentifierEnvironmentalSoundReduction"],
            healthKit: "HKQuantityTypeIdentifierEnvironmentalSoundReduction", kind: .discrete, units: decibelUnits, range: 0...150,
            description: "Sound reduction by hearing protection (dBA SPL); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "sound reduction", textUnit: " dB", decimals: 1, order: 602)),
        // HealthKit aggregates UV exposure as discrete (arithmetic) readings of the UV index: a day averages them, it does not add them.
        MetricSpec(
            "uv_exposure", aliases: ["uv_index", "HKQuantityTypeIdentifierUVExposure"],
            healthKit: "HKQuantityTypeIdentifierUVExposure", kind: .discrete, units: countUnits, range: 0...25,
            description: "UV index exposure (UV index); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "UV index", textUnit: "", decimals: 1, order: 603)),
        MetricSpec(
            "underwater_depth_m", aliases: ["underwater_depth", "HKQuantityTypeIdentifierUnderwaterDepth"],
            healthKit: "HKQuantityTypeIdentifierUnderwaterDepth", kind: .discrete, units: depthUnits, range: 0...500,
            description: "Underwater depth (m); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "underwater depth", textUnit: " m", decimals: 1, textDecimals: 1, order: 604)),
        MetricSpec(
            "water_temperature_degc", aliases: ["water_temperature", "underwater_temperature", "HKQuantityTypeIdentifierWaterTemperature"],
            healthKit: "HKQuantityTypeIdentifierWaterTemperature", kind: .discrete, units: celsiusUnits, range: -5...60,
            description: "Water temperature (degC; degF and K are converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "water temperature", textUnit: " °C", decimals: 1, textDecimals: 1, order: 605)),
    ]
}
