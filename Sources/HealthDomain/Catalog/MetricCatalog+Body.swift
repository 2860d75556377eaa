extension MetricCatalog {
    /// Body measurements beyond weight and body fat: read as the day's latest value.
    static let bodySpecs: [MetricSpec] = [
        MetricSpec(
            "height_cm", aliases: ["height", "Body Height", "8302-2", "HKQuantityTypeIdentifierHeight"],
            healthKit: "HKQuantityTypeIdentifierHeight", kind: .discrete, units: centimetreUnits, range: 30...275,
            description: "Height (cm); a day reports the latest reading plus average, minimum and maximum.",
            wording: SummaryWording(headline: .latest, label: "height", textUnit: " cm", decimals: 1, order: 300)),
        MetricSpec(
            "body_mass_index", aliases: ["bmi", "BMI", "Body Mass Index", "39156-5", "HKQuantityTypeIdentifierBodyMassIndex"],
            healthKit: "HKQuantityTypeIdentifierBodyMassIndex", kind: .discrete, units: bodyMassIndexUnits, range: 5...150,
            description: "Body mass index (kg/m²); a day reports the latest reading plus average, minimum and maximum.",
            wording: SummaryWording(headline: .latest, label: "BMI", textUnit: "", decimals: 1, textDecimals: 1, order: 301)),
        MetricSpec(
            "lean_body_mass_kg", aliases: ["lean_body_mass", "HKQuantityTypeIdentifierLeanBodyMass"],
            healthKit: "HKQuantityTypeIdentifierLeanBodyMass", kind: .discrete, units: kilogramUnits, range: 1...300,
            description: "Lean body mass (kg); a day reports the latest reading plus average, minimum and maximum.",
            wording: SummaryWording(headline: .latest, label: "lean body mass", textUnit: " kg", decimals: 1, textDecimals: 1, order: 302)),
        MetricSpec(
            "waist_circumference_cm", aliases: ["waist_circumference", "waist", "HKQuantityTypeIdentifierWaistCircumference"],
            healthKit: "HKQuantityTypeIdentifierWaistCircumference", kind: .discrete, units: centimetreUnits, range: 30...300,
            description: "Waist circumference (cm); a day reports the latest reading plus average, minimum and maximum.",
            wording: SummaryWording(headline: .latest, label: "waist", textUnit: " cm", decimals: 1, order: 303)),
    ]
}
