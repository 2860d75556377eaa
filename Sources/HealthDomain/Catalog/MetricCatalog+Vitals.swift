extension MetricCatalog {
    /// Vitals and clinical readings: heart, breathing, temperatures, glucose, blood pressure, lung function,
    /// and the logged doses (insulin, inhaler, drinks) that go with them.
    static let vitalSpecs: [MetricSpec] = [
        MetricSpec(
            "heart_rate_bpm", aliases: ["heart_rate", "Heart Rate", "8867-4", "HKQuantityTypeIdentifierHeartRate"],
            healthKit: "HKQuantityTypeIdentifierHeartRate", kind: .discrete, units: beatsPerMinuteUnits, range: 20...300,
            description: "Heart rate (bpm); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "heart rate", textUnit: " bpm", decimals: 1, order: 200)),
        MetricSpec(
            "walking_heart_rate_average_bpm", displayName: "Walking heart rate average", aliases: ["walking_heart_rate_average", "walking_heart_rate", "HKQuantityTypeIdentifierWalkingHeartRateAverage"],
            healthKit: "HKQuantityTypeIdentifierWalkingHeartRateAverage", kind: .discrete, units: beatsPerMinuteUnits, range: 20...300,
            description: "Average heart rate while walking (bpm); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "walking HR", textUnit: " bpm", decimals: 1, order: 201),
            lowerIsBetter: true),
        MetricSpec(
            "heart_rate_recovery_bpm", displayName: "Cardio recovery", aliases: ["heart_rate_recovery", "heart_rate_recovery_one_minute", "cardio_recovery", "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute"],
            healthKit: "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute", kind: .discrete, units: beatsPerMinuteUnits, range: 0...200,
            description: "Heart rate drop in the minute after exercise (bpm); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "HR recovery", textUnit: " bpm", decimals: 1, order: 202)),
        MetricSpec(
            "oxygen_saturation_percent", aliases: ["oxygen_saturation", "blood_oxygen_saturation", "blood_oxygen", "spo2", "Oxygen Saturation", "59408-5", "HKQuantityTypeIdentifierOxygenSaturation"],
            healthKit: "HKQuantityTypeIdentifierOxygenSaturation", kind: .discrete, units: percentUnits, range: 50...100,
            description: "Blood oxygen saturation (%, 0–100; HealthKit's 0–1 fraction is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "SpO2", textUnit: "%", decimals: 1, order: 203),
            spreadFloor: 1),
        MetricSpec(
            "respiratory_rate_per_min", aliases: ["respiratory_rate", "Respiratory Rate", "9279-1", "HKQuantityTypeIdentifierRespiratoryRate"],
            healthKit: "HKQuantityTypeIdentifierRespiratoryRate", kind: .discrete, units: breathsPerMinuteUnits, range: 1...100,
            description: "Respiratory rate (breaths/min); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "respiratory rate", textUnit: " breaths/min", decimals: 1, order: 204),
            spreadFloor: 0.5),
        MetricSpec(
            "body_temperature_degc", aliases: ["body_temperature", "Body Temperature", "8310-5", "HKQuantityTypeIdentifierBodyTemperature"],
            healthKit: "HKQuantityTypeIdentifierBodyTemperature", kind: .discrete, units: celsiusUnits, range: 25...45,
            description: "Body temperature (degC; degF and K are converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "body temperature", textUnit: " °C", decimals: 2, textDecimals: 1, order: 205),
            spreadFloor: 0.2),
        MetricSpec(
            "basal_body_temperature_degc", displayName: "Basal body temperature", aliases: ["basal_body_temperature", "HKQuantityTypeIdentifierBasalBodyTemperature"],
            healthKit: "HKQuantityTypeIdentifierBasalBodyTemperature", kind: .discrete, units: celsiusUnits, range: 25...45,
            description: "Basal body temperature, taken at rest on waking (degC; degF and K are converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "basal body temperature", textUnit: " °C", decimals: 2, textDecimals: 1, order: 206),
            spreadFloor: 0.2),
        MetricSpec(
            "wrist_temperature_degc", aliases: ["wrist_temperature", "apple_sleeping_wrist_temperature", "sleeping_wrist_temperature", "Skin Temperature", "HKQuantityTypeIdentifierAppleSleepingWristTemperature"],
            healthKit: "HKQuantityTypeIdentifierAppleSleepingWristTemperature", kind: .discrete, units: celsiusUnits, range: 25...45,
            description: "Wrist temperature while sleeping (degC; degF and K are converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "wrist temperature", textUnit: " °C", decimals: 2, textDecimals: 1, order: 207),
            spreadFloor: 0.2),
        MetricSpec(
            "blood_glucose_mg_dl", aliases: ["blood_glucose", "glucose", "Glucose (CGM)", "99504-3", "HKQuantityTypeIdentifierBloodGlucose"],
            healthKit: "HKQuantityTypeIdentifierBloodGlucose", kind: .discrete, units: glucoseUnits, range: 10...1000,
            description: "Blood glucose (mg/dL; mmol/L is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "glucose", textUnit: " mg/dL", decimals: 1, order: 208)),
        MetricSpec(
            "blood_pressure_mmhg", aliases: ["blood_pressure", "Blood Pressure", "85354-9", "HKCorrelationTypeIdentifierBloodPressure"],
            healthKit: "HKCorrelationTypeIdentifierBloodPressure", kind: .bloodPressure,
            units: millimetresOfMercuryUnits, range: 30...300,
            description: "Blood pressure (mmHg; kPa is converted): systolic and diastolic samples of the same time and source are paired into readings; a day reports the readings' count and each side's average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .bloodPressure, label: "blood pressure", textUnit: " mmHg", order: 209),
            categories: .bloodPressureSides,
            impliedCategories: [
                "blood_pressure_systolic": "systolic", "HKQuantityTypeIdentifierBloodPressureSystolic": "systolic", "8480-6": "systolic",
                "blood_pressure_diastolic": "diastolic", "HKQuantityTypeIdentifierBloodPressureDiastolic": "diastolic", "8462-4": "diastolic",
            ]),
        MetricSpec(
            "vo2_max_ml_kg_min", displayName: "Cardio fitness (VO2 max)", aliases: ["vo2_max", "vo2max", "VO2max", "94122-9", "HKQuantityTypeIdentifierVO2Max"],
            healthKit: "HKQuantityTypeIdentifierVO2Max", kind: .discrete, units: vo2MaxUnits, range: 5...100,
            description: "Estimated maximal oxygen uptake (cardio fitness) (mL/kg/min); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "VO2 max", textUnit: " mL/kg/min", decimals: 1, order: 210)),
        MetricSpec(
            "atrial_fibrillation_burden_percent", displayName: "AFib history", aliases: ["atrial_fibrillation_burden", "afib_burden", "HKQuantityTypeIdentifierAtrialFibrillationBurden"],
            healthKit: "HKQuantityTypeIdentifierAtrialFibrillationBurden", kind: .discrete, units: percentUnits, range: 0...100,
            description: "Share of time in atrial fibrillation, from AFib History (%, 0–100; a 0–1 fraction sent as 'fraction' is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "AFib burden", textUnit: "%", decimals: 1, order: 211),
            lowerIsBetter: true),
        MetricSpec(
            "peripheral_perfusion_index_percent", aliases: ["peripheral_perfusion_index", "HKQuantityTypeIdentifierPeripheralPerfusionIndex"],
            healthKit: "HKQuantityTypeIdentifierPeripheralPerfusionIndex", kind: .discrete, units: percentUnits, range: 0...100,
            description: "Peripheral perfusion index (%, 0–100; a 0–1 fraction sent as 'fraction' is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "perfusion index", textUnit: "%", decimals: 2, textDecimals: 1, order: 212)),
        MetricSpec(
            "electrodermal_activity_us", displayName: "Electrodermal activity", aliases: ["electrodermal_activity", "HKQuantityTypeIdentifierElectrodermalActivity"],
            healthKit: "HKQuantityTypeIdentifierElectrodermalActivity", kind: .discrete, units: microsiemensUnits, range: 0...200,
            description: "Electrodermal activity, the skin's conductance (µS); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "electrodermal activity", textUnit: " µS", decimals: 2, textDecimals: 1, order: 213)),
        // A plausible reading is far below 1%, so `%` values are taken as sent; HealthKit's 0–1 fraction must say `fraction`.
        MetricSpec(
            "blood_alcohol_content_percent", aliases: ["blood_alcohol_content", "blood_alcohol", "HKQuantityTypeIdentifierBloodAlcoholContent"],
            healthKit: "HKQuantityTypeIdentifierBloodAlcoholContent", kind: .discrete, units: percentUnits, range: 0...1,
            description: "Blood alcohol content (%, 0–100; a 0–1 fraction sent as 'fraction' is converted); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "blood alcohol", textUnit: "%", decimals: 3, textDecimals: 1, order: 214)),
        MetricSpec(
            "sleeping_breathing_disturbances", aliases: ["breathing_disturbances", "apple_sleeping_breathing_disturbances", "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances"],
            healthKit: "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances", kind: .discrete, units: countUnits, range: 0...200,
            description: "Breathing disturbances during sleep (count per hour of sleep); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "breathing disturbances", textUnit: "", decimals: 1, order: 215),
            lowerIsBetter: true),
        MetricSpec(
            "forced_expiratory_volume_1_l", displayName: "Forced expiratory volume (FEV1)", aliases: ["forced_expiratory_volume_1", "fev1", "HKQuantityTypeIdentifierForcedExpiratoryVolume1"],
            healthKit: "HKQuantityTypeIdentifierForcedExpiratoryVolume1", kind: .discrete, units: litreUnits, range: 0...10,
            description: "Forced expiratory volume in one second, FEV1 (L); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "FEV1", textUnit: " L", decimals: 2, textDecimals: 1, order: 216)),
        MetricSpec(
            "forced_vital_capacity_l", displayName: "Forced vital capacity", aliases: ["forced_vital_capacity", "fvc", "HKQuantityTypeIdentifierForcedVitalCapacity"],
            healthKit: "HKQuantityTypeIdentifierForcedVitalCapacity", kind: .discrete, units: litreUnits, range: 0...12,
            description: "Forced vital capacity, FVC (L); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "FVC", textUnit: " L", decimals: 2, textDecimals: 1, order: 217)),
        MetricSpec(
            "peak_expiratory_flow_rate_l_min", aliases: ["peak_expiratory_flow_rate", "peak_flow", "HKQuantityTypeIdentifierPeakExpiratoryFlowRate"],
            healthKit: "HKQuantityTypeIdentifierPeakExpiratoryFlowRate", kind: .discrete, units: litresPerMinuteUnits, range: 0...1200,
            description: "Peak expiratory flow rate (L/min); a day reports average, minimum, maximum and latest.",
            wording: SummaryWording(headline: .average, label: "peak flow", textUnit: " L/min", order: 218)),
        MetricSpec(
            "insulin_delivery_iu", displayName: "Insulin delivery", aliases: ["insulin_delivery", "insulin", "HKQuantityTypeIdentifierInsulinDelivery"],
            healthKit: "HKQuantityTypeIdentifierInsulinDelivery", kind: .cumulative, units: insulinUnits, range: 0...500,
            description: "Insulin delivered, basal and bolus (IU); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "insulin", textUnit: " IU", decimals: 1, textDecimals: 1, order: 219)),
        MetricSpec(
            "inhaler_usage", aliases: ["inhaler_puffs", "HKQuantityTypeIdentifierInhalerUsage"],
            healthKit: "HKQuantityTypeIdentifierInhalerUsage", kind: .cumulative, units: countUnits, range: 0...100,
            description: "Inhaler puffs (count); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "inhaler uses", textUnit: " puffs", order: 220)),
        MetricSpec(
            "number_of_alcoholic_beverages", displayName: "Alcoholic drinks", aliases: ["alcoholic_beverages", "alcohol_consumption", "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"],
            healthKit: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", kind: .cumulative, units: countUnits, range: 0...100,
            description: "Alcoholic drinks logged (count); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "alcoholic drinks", textUnit: " drinks", order: 221)),
    ]
}
