extension MetricCatalog {
    /// Nutrition beyond dietary energy: every logged entry counts toward the day's total.
    static let nutritionSpecs: [MetricSpec] = [
        MetricSpec(
            "dietary_protein_g", aliases: ["dietary_protein", "protein", "HKQuantityTypeIdentifierDietaryProtein"],
            healthKit: "HKQuantityTypeIdentifierDietaryProtein", kind: .cumulative, units: gramUnits, range: 0...2000,
            description: "Dietary protein (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "protein", textUnit: " g", decimals: 1, order: 500)),
        MetricSpec(
            "dietary_fat_total_g", aliases: ["dietary_fat_total", "total_fat", "fat", "HKQuantityTypeIdentifierDietaryFatTotal"],
            healthKit: "HKQuantityTypeIdentifierDietaryFatTotal", kind: .cumulative, units: gramUnits, range: 0...2000,
            description: "Dietary fat (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "fat", textUnit: " g", decimals: 1, order: 501)),
        MetricSpec(
            "dietary_fat_saturated_g", aliases: ["dietary_fat_saturated", "saturated_fat", "HKQuantityTypeIdentifierDietaryFatSaturated"],
            healthKit: "HKQuantityTypeIdentifierDietaryFatSaturated", kind: .cumulative, units: gramUnits, range: 0...2000,
            description: "Dietary saturated fat (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "saturated fat", textUnit: " g", decimals: 1, order: 502)),
        MetricSpec(
            "dietary_fat_monounsaturated_g", aliases: ["dietary_fat_monounsaturated", "monounsaturated_fat", "HKQuantityTypeIdentifierDietaryFatMonounsaturated"],
            healthKit: "HKQuantityTypeIdentifierDietaryFatMonounsaturated", kind: .cumulative, units: gramUnits, range: 0...2000,
            description: "Dietary monounsaturated fat (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "monounsaturated fat", textUnit: " g", decimals: 1, order: 503)),
        MetricSpec(
            "dietary_fat_polyunsaturated_g", aliases: ["dietary_fat_polyunsaturated", "polyunsaturated_fat", "HKQuantityTypeIdentifierDietaryFatPolyunsaturated"],
            healthKit: "HKQuantityTypeIdentifierDietaryFatPolyunsaturated", kind: .cumulative, units: gramUnits, range: 0...2000,
            description: "Dietary polyunsaturated fat (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "polyunsaturated fat", textUnit: " g", decimals: 1, order: 504)),
        MetricSpec(
            "dietary_carbohydrates_g", aliases: ["dietary_carbohydrates", "carbohydrates", "carbs", "HKQuantityTypeIdentifierDietaryCarbohydrates"],
            healthKit: "HKQuantityTypeIdentifierDietaryCarbohydrates", kind: .cumulative, units: gramUnits, range: 0...5000,
            description: "Dietary carbohydrates (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "carbohydrates", textUnit: " g", decimals: 1, order: 505)),
        MetricSpec(
            "dietary_sugar_g", aliases: ["dietary_sugar", "sugar", "HKQuantityTypeIdentifierDietarySugar"],
            healthKit: "HKQuantityTypeIdentifierDietarySugar", kind: .cumulative, units: gramUnits, range: 0...5000,
            description: "Dietary sugar (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "sugar", textUnit: " g", decimals: 1, order: 506)),
        MetricSpec(
            "dietary_fiber_g", aliases: ["dietary_fiber", "fiber", "fibre", "HKQuantityTypeIdentifierDietaryFiber"],
            healthKit: "HKQuantityTypeIdentifierDietaryFiber", kind: .cumulative, units: gramUnits, range: 0...1000,
            description: "Dietary fiber (g); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "fiber", textUnit: " g", decimals: 1, order: 507)),
        MetricSpec(
            "dietary_cholesterol_mg", aliases: ["dietary_cholesterol", "cholesterol", "HKQuantityTypeIdentifierDietaryCholesterol"],
            healthKit: "HKQuantityTypeIdentifierDietaryCholesterol", kind: .cumulative, units: milligramUnits, range: 0...20_000,
            description: "Dietary cholesterol (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "cholesterol", textUnit: " mg", decimals: 1, order: 508)),
        MetricSpec(
            "dietary_sodium_mg", aliases: ["dietary_sodium", "sodium", "HKQuantityTypeIdentifierDietarySodium"],
            healthKit: "HKQuantityTypeIdentifierDietarySodium", kind: .cumulative, units: milligramUnits, range: 0...100_000,
            description: "Dietary sodium (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "sodium", textUnit: " mg", decimals: 1, order: 509)),
        MetricSpec(
            "dietary_potassium_mg", aliases: ["dietary_potassium", "potassium", "HKQuantityTypeIdentifierDietaryPotassium"],
            healthKit: "HKQuantityTypeIdentifierDietaryPotassium", kind: .cumulative, units: milligramUnits, range: 0...100_000,
            description: "Dietary potassium (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "potassium", textUnit: " mg", decimals: 1, order: 510)),
        MetricSpec(
            "dietary_calcium_mg", aliases: ["dietary_calcium", "calcium", "HKQuantityTypeIdentifierDietaryCalcium"],
            healthKit: "HKQuantityTypeIdentifierDietaryCalcium", kind: .cumulative, units: milligramUnits, range: 0...50_000,
            description: "Dietary calcium (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "calcium", textUnit: " mg", decimals: 1, order: 511)),
        MetricSpec(
            "dietary_iron_mg", aliases: ["dietary_iron", "iron", "HKQuantityTypeIdentifierDietaryIron"],
            healthKit: "HKQuantityTypeIdentifierDietaryIron", kind: .cumulative, units: milligramUnits, range: 0...5000,
            description: "Dietary iron (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "iron", textUnit: " mg", decimals: 1, order: 512)),
        MetricSpec(
            "dietary_magnesium_mg", aliases: ["dietary_magnesium", "magnesium", "HKQuantityTypeIdentifierDietaryMagnesium"],
            healthKit: "HKQuantityTypeIdentifierDietaryMagnesium", kind: .cumulative, units: milligramUnits, range: 0...20_000,
            description: "Dietary magnesium (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "magnesium", textUnit: " mg", decimals: 1, order: 513)),
        MetricSpec(
            "dietary_phosphorus_mg", aliases: ["dietary_phosphorus", "phosphorus", "HKQuantityTypeIdentifierDietaryPhosphorus"],
            healthKit: "HKQuantityTypeIdentifierDietaryPhosphorus", kind: .cumulative, units: milligramUnits, range: 0...50_000,
            description: "Dietary phosphorus (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "phosphorus", textUnit: " mg", decimals: 1, order: 514)),
        MetricSpec(
            "dietary_zinc_mg", aliases: ["dietary_zinc", "zinc", "HKQuantityTypeIdentifierDietaryZinc"],
            healthKit: "HKQuantityTypeIdentifierDietaryZinc", kind: .cumulative, units: milligramUnits, range: 0...5000,
            description: "Dietary zinc (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "zinc", textUnit: " mg", decimals: 1, order: 515)),
        MetricSpec(
            "dietary_manganese_mg", aliases: ["dietary_manganese", "manganese", "HKQuantityTypeIdentifierDietaryManganese"],
            healthKit: "HKQuantityTypeIdentifierDietaryManganese", kind: .cumulative, units: milligramUnits, range: 0...1000,
            description: "Dietary manganese (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "manganese", textUnit: " mg", decimals: 1, order: 516)),
        MetricSpec(
            "dietary_copper_mg", aliases: ["dietary_copper", "copper", "HKQuantityTypeIdentifierDietaryCopper"],
            healthKit: "HKQuantityTypeIdentifierDietaryCopper", kind: .cumulative, units: milligramUnits, range: 0...1000,
            description: "Dietary copper (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "copper", textUnit: " mg", decimals: 1, order: 517)),
        MetricSpec(
            "dietary_selenium_mcg", aliases: ["dietary_selenium", "selenium", "HKQuantityTypeIdentifierDietarySelenium"],
            healthKit: "HKQuantityTypeIdentifierDietarySelenium", kind: .cumulative, units: microgramUnits, range: 0...10_000,
            description: "Dietary selenium (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "selenium", textUnit: " µg", decimals: 1, order: 518)),
        MetricSpec(
            "dietary_chromium_mcg", aliases: ["dietary_chromium", "chromium", "HKQuantityTypeIdentifierDietaryChromium"],
            healthKit: "HKQuantityTypeIdentifierDietaryChromium", kind: .cumulative, units: microgramUnits, range: 0...10_000,
            description: "Dietary chromium (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "chromium", textUnit: " µg", decimals: 1, order: 519)),
        MetricSpec(
            "dietary_molybdenum_mcg", aliases: ["dietary_molybdenum", "molybdenum", "HKQuantityTypeIdentifierDietaryMolybdenum"],
            healthKit: "HKQuantityTypeIdentifierDietaryMolybdenum", kind: .cumulative, units: microgramUnits, range: 0...10_000,
            description: "Dietary molybdenum (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "molybdenum", textUnit: " µg", decimals: 1, order: 520)),
        MetricSpec(
            "dietary_chloride_mg", aliases: ["dietary_chloride", "chloride", "HKQuantityTypeIdentifierDietaryChloride"],
            healthKit: "HKQuantityTypeIdentifierDietaryChloride", kind: .cumulative, units: milligramUnits, range: 0...100_000,
            description: "Dietary chloride (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "chloride", textUnit: " mg", decimals: 1, order: 521)),
        MetricSpec(
            "dietary_biotin_mcg", aliases: ["dietary_biotin", "biotin", "HKQuantityTypeIdentifierDietaryBiotin"],
            healthKit: "HKQuantityTypeIdentifierDietaryBiotin", kind: .cumulative, units: microgramUnits, range: 0...100_000,
            description: "Dietary biotin (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "biotin", textUnit: " µg", decimals: 1, order: 522)),
        MetricSpec(
            "dietary_vitamin_a_mcg", aliases: ["dietary_vitamin_a", "vitamin_a", "HKQuantityTypeIdentifierDietaryVitaminA"],
            healthKit: "HKQuantityTypeIdentifierDietaryVitaminA", kind: .cumulative, units: microgramUnits, range: 0...100_000,
            description: "Dietary vitamin A (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "vitamin A", textUnit: " µg", decimals: 1, order: 523)),
        MetricSpec(
            "dietary_vitamin_b6_mg", aliases: ["dietary_vitamin_b6", "vitamin_b6", "HKQuantityTypeIdentifierDietaryVitaminB6"],
            healthKit: "HKQuantityTypeIdentifierDietaryVitaminB6", kind: .cumulative, units: milligramUnits, range: 0...1000,
            description: "Dietary vitamin B6 (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "vitamin B6", textUnit: " mg", decimals: 1, order: 524)),
        MetricSpec(
            "dietary_vitamin_b12_mcg", aliases: ["dietary_vitamin_b12", "vitamin_b12", "HKQuantityTypeIdentifierDietaryVitaminB12"],
            healthKit: "HKQuantityTypeIdentifierDietaryVitaminB12", kind: .cumulative, units: microgramUnits, range: 0...100_000,
            description: "Dietary vitamin B12 (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "vitamin B12", textUnit: " µg", decimals: 1, order: 525)),
        MetricSpec(
            "dietary_vitamin_c_mg", aliases: ["dietary_vitamin_c", "vitamin_c", "HKQuantityTypeIdentifierDietaryVitaminC"],
            healthKit: "HKQuantityTypeIdentifierDietaryVitaminC", kind: .cumulative, units: milligramUnits, range: 0...100_000,
            description: "Dietary vitamin C (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "vitamin C", textUnit: " mg", decimals: 1, order: 526)),
        MetricSpec(
            "dietary_vitamin_d_mcg", aliases: ["dietary_vitamin_d", "vitamin_d", "HKQuantityTypeIdentifierDietaryVitaminD"],
            healthKit: "HKQuantityTypeIdentifierDietaryVitaminD", kind: .cumulative, units: vitaminDUnits, range: 0...10_000,
            description: "Dietary vitamin D (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "vitamin D", textUnit: " µg", decimals: 1, order: 527)),
        MetricSpec(
            "dietary_vitamin_e_mg", aliases: ["dietary_vitamin_e", "vitamin_e", "HKQuantityTypeIdentifierDietaryVitaminE"],
            healthKit: "HKQuantityTypeIdentifierDietaryVitaminE", kind: .cumulative, units: milligramUnits, range: 0...10_000,
            description: "Dietary vitamin E (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "vitamin E", textUnit: " mg", decimals: 1, order: 528)),
        MetricSpec(
            "dietary_vitamin_k_mcg", aliases: ["dietary_vitamin_k", "vitamin_k", "HKQuantityTypeIdentifierDietaryVitaminK"],
            healthKit: "HKQuantityTypeIdentifierDietaryVitaminK", kind: .cumulative, units: microgramUnits, range: 0...100_000,
            description: "Dietary vitamin K (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "vitamin K", textUnit: " µg", decimals: 1, order: 529)),
        MetricSpec(
            "dietary_folate_mcg", aliases: ["dietary_folate", "folate", "folic_acid", "HKQuantityTypeIdentifierDietaryFolate"],
            healthKit: "HKQuantityTypeIdentifierDietaryFolate", kind: .cumulative, units: microgramUnits, range: 0...100_000,
            description: "Dietary folate (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "folate", textUnit: " µg", decimals: 1, order: 530)),
        MetricSpec(
            "dietary_niacin_mg", aliases: ["dietary_niacin", "niacin", "HKQuantityTypeIdentifierDietaryNiacin"],
            healthKit: "HKQuantityTypeIdentifierDietaryNiacin", kind: .cumulative, units: milligramUnits, range: 0...10_000,
            description: "Dietary niacin (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "niacin", textUnit: " mg", decimals: 1, order: 531)),
        MetricSpec(
            "dietary_pantothenic_acid_mg", aliases: ["dietary_pantothenic_acid", "pantothenic_acid", "HKQuantityTypeIdentifierDietaryPantothenicAcid"],
            healthKit: "HKQuantityTypeIdentifierDietaryPantothenicAcid", kind: .cumulative, units: milligramUnits, range: 0...10_000,
            description: "Dietary pantothenic acid (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "pantothenic acid", textUnit: " mg", decimals: 1, order: 532)),
        MetricSpec(
            "dietary_riboflavin_mg", aliases: ["dietary_riboflavin", "riboflavin", "HKQuantityTypeIdentifierDietaryRiboflavin"],
            healthKit: "HKQuantityTypeIdentifierDietaryRiboflavin", kind: .cumulative, units: milligramUnits, range: 0...10_000,
            description: "Dietary riboflavin (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "riboflavin", textUnit: " mg", decimals: 1, order: 533)),
        MetricSpec(
            "dietary_thiamin_mg", aliases: ["dietary_thiamin", "thiamin", "thiamine", "HKQuantityTypeIdentifierDietaryThiamin"],
            healthKit: "HKQuantityTypeIdentifierDietaryThiamin", kind: .cumulative, units: milligramUnits, range: 0...10_000,
            description: "Dietary thiamin (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "thiamin", textUnit: " mg", decimals: 1, order: 534)),
        MetricSpec(
            "dietary_iodine_mcg", aliases: ["dietary_iodine", "iodine", "HKQuantityTypeIdentifierDietaryIodine"],
            healthKit: "HKQuantityTypeIdentifierDietaryIodine", kind: .cumulative, units: microgramUnits, range: 0...100_000,
            description: "Dietary iodine (mcg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "iodine", textUnit: " µg", decimals: 1, order: 535)),
        MetricSpec(
            "dietary_water_ml", displayName: "Water", aliases: ["dietary_water", "water", "water_intake", "HKQuantityTypeIdentifierDietaryWater"],
            healthKit: "HKQuantityTypeIdentifierDietaryWater", kind: .cumulative, units: millilitreUnits, range: 0...20_000,
            description: "Water drunk (mL); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "water", textUnit: " mL", order: 536)),
        MetricSpec(
            "dietary_caffeine_mg", displayName: "Caffeine", aliases: ["dietary_caffeine", "caffeine", "HKQuantityTypeIdentifierDietaryCaffeine"],
            healthKit: "HKQuantityTypeIdentifierDietaryCaffeine", kind: .cumulative, units: milligramUnits, range: 0...5000,
            description: "Caffeine consumed (mg); every logged entry counts toward the day's total.",
            wording: SummaryWording(headline: .total, label: "caffeine", textUnit: " mg", decimals: 1, order: 537)),
    ]
}
