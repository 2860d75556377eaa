import HealthDomain
import Testing

/// The standard catalog covers every metric the neighbouring clients send — HealthSave's
/// catalog, the on-phone read API's type ids, the observation API's HealthKit mapping
/// with its slugs and LOINC codes — and stays well-formed as data.
@Suite struct CatalogCoverageTests {
    static let catalog = MetricCatalog.standard

    /// HealthSave's metric catalog, without its structured types (workouts, activity summaries, ECG).
    static let healthSaveNames = [
        // Heart & cardiovascular
        "heart_rate", "resting_heart_rate", "walking_heart_rate_average", "heart_rate_variability", "heart_rate_recovery",
        "atrial_fibrillation_burden", "vo2_max", "oxygen_saturation", "respiratory_rate", "peripheral_perfusion_index",
        // Blood pressure & metabolic
        "blood_pressure", "blood_pressure_systolic", "blood_pressure_diastolic", "blood_glucose", "insulin_delivery",
        "blood_alcohol_content", "number_of_alcoholic_beverages",
        // Activity & movement
        "step_count", "distance_walking_running", "distance_cycling", "distance_swimming", "distance_wheelchair",
        "distance_downhill_snow_sports", "distance_cross_country_skiing", "distance_paddle_sports", "distance_rowing",
        "distance_skating_sports", "flights_climbed", "swimming_stroke_count", "push_count", "nike_fuel", "apple_exercise_time",
        "apple_stand_time", "apple_move_time", "active_energy_burned", "basal_energy_burned", "number_of_times_fallen",
        // Mobility, running & cycling
        "walking_speed", "walking_step_length", "walking_asymmetry", "walking_double_support", "stair_ascent_speed",
        "stair_descent_speed", "apple_walking_steadiness", "six_minute_walk_test_distance", "running_power", "running_speed",
        "running_stride_length", "running_vertical_oscillation", "running_ground_contact_time", "cycling_speed", "cycling_power",
        "cycling_cadence", "cycling_functional_threshold_power",
        // Sport speeds, effort & body
        "cross_country_skiing_speed", "paddle_sports_speed", "rowing_speed", "physical_effort", "workout_effort_score",
        "estimated_workout_effort_score", "body_temperature", "wrist_temperature", "basal_body_temperature", "body_mass",
        "body_fat_percentage", "bmi", "lean_body_mass", "height", "waist_circumference", "electrodermal_activity",
        // Respiratory, sleep, environment & water
        "forced_expiratory_volume_1", "forced_vital_capacity", "peak_expiratory_flow_rate", "inhaler_usage", "sleep_analysis",
        "sleeping_breathing_disturbances", "environmental_audio_exposure", "headphone_audio_exposure", "environmental_sound_reduction",
        "uv_exposure", "time_in_daylight", "underwater_depth", "water_temperature",
        // Nutrition
        "dietary_energy_consumed", "dietary_protein", "dietary_fat_total", "dietary_fat_saturated", "dietary_fat_monounsaturated",
        "dietary_fat_polyunsaturated", "dietary_carbohydrates", "dietary_sugar", "dietary_fiber", "dietary_cholesterol",
        "dietary_sodium", "dietary_potassium", "dietary_calcium", "dietary_iron", "dietary_magnesium", "dietary_phosphorus",
        "dietary_zinc", "dietary_manganese", "dietary_copper", "dietary_selenium", "dietary_chromium", "dietary_molybdenum",
        "dietary_chloride", "dietary_biotin", "dietary_vitamin_a", "dietary_vitamin_b6", "dietary_vitamin_b12", "dietary_vitamin_c",
        "dietary_vitamin_d", "dietary_vitamin_e", "dietary_vitamin_k", "dietary_folate", "dietary_niacin", "dietary_pantothenic_acid",
        "dietary_riboflavin", "dietary_thiamin", "dietary_iodine", "dietary_water", "dietary_caffeine",
        // Category events
        "high_heart_rate_event", "low_heart_rate_event", "irregular_heart_rhythm_event", "low_cardio_fitness_event",
        "mindful_session", "handwashing_event", "toothbrushing_event", "environmental_audio_exposure_event",
        "headphone_audio_exposure_event", "apple_walking_steadiness_event",
        // Reproductive health & symptoms
        "menstrual_flow", "intermenstrual_bleeding", "ovulation_test_result", "cervical_mucus_quality", "sexual_activity",
        "contraceptive", "pregnancy", "pregnancy_test_result", "lactation", "progesterone_test_result",
        "infrequent_menstrual_cycles", "irregular_menstrual_cycles", "persistent_intermenstrual_bleeding",
        "prolonged_menstrual_periods", "bleeding_after_pregnancy", "bleeding_during_pregnancy", "abdominal_cramps", "acne",
        "appetite_changes", "generalized_body_ache", "bloating", "breast_pain", "chest_tightness_or_pain", "chills",
        "constipation", "coughing", "diarrhea", "dizziness", "fainting", "fatigue", "fever", "headache", "heartburn",
        "hot_flashes", "lower_back_pain", "loss_of_smell", "loss_of_taste", "mood_changes", "nausea", "pelvic_pain",
        "rapid_pounding_or_fluttering_heartbeat", "runny_nose", "shortness_of_breath", "sinus_congestion", "skipped_heartbeat",
        "sleep_changes", "sore_throat", "vomiting", "wheezing", "bladder_incontinence", "dry_skin", "hair_loss",
        "vaginal_dryness", "memory_lapse", "night_sweats", "sleep_apnea_event",
    ]

    /// The on-phone read API's type ids and the metric each one is.
    static let readAPITypes: [(id: String, metric: Metric)] = [
        ("steps", "step_count"), ("heart_rate", "heart_rate_bpm"), ("active_energy", "active_energy_kcal"),
        ("distance", "distance_walking_running_km"), ("flights", "flights_climbed"), ("sleep", "sleep_segment"),
        ("weight", "body_mass_kg"), ("height", "height_cm"), ("blood_oxygen", "oxygen_saturation_percent"),
        ("respiratory_rate", "respiratory_rate_per_min"),
    ]

    /// One row of the observation API's HealthKit mapping.
    struct ObservationRow: Sendable, CustomStringConvertible {
        var healthKit: String, slug: String, loinc: String
        /// What the HealthKit identifier resolves to, and the side it fixes for blood pressure.
        var metric: Metric, category: String? = nil
        /// Where the slug and code resolve: shared ones belong to the plain type.
        var slugMetric: Metric? = nil, loincMetric: Metric? = nil
        var description: String { healthKit }
    }

    static let observationRows: [ObservationRow] = [
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.heartRate", slug: "Heart Rate", loinc: "8867-4", metric: "heart_rate_bpm"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.heartRateVariabilitySDNN", slug: "Heart Rate Variability", loinc: "80404-7",
                       metric: "hrv_sdnn_ms"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.restingHeartRate", slug: "Heart Rate", loinc: "8867-4",
                       metric: "resting_heart_rate_bpm", slugMetric: "heart_rate_bpm", loincMetric: "heart_rate_bpm"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.walkingHeartRateAverage", slug: "Heart Rate", loinc: "8867-4",
                       metric: "walking_heart_rate_average_bpm", slugMetric: "heart_rate_bpm", loincMetric: "heart_rate_bpm"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.oxygenSaturation", slug: "Oxygen Saturation", loinc: "59408-5",
                       metric: "oxygen_saturation_percent"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.respiratoryRate", slug: "Respiratory Rate", loinc: "9279-1",
                       metric: "respiratory_rate_per_min"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.bodyTemperature", slug: "Body Temperature", loinc: "8310-5",
                       metric: "body_temperature_degc"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.bloodPressureSystolic", slug: "Blood Pressure", loinc: "8480-6",
                       metric: "blood_pressure_mmhg", category: "systolic"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.bloodPressureDiastolic", slug: "Blood Pressure", loinc: "8462-4",
                       metric: "blood_pressure_mmhg", category: "diastolic"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.bloodGlucose", slug: "Glucose (CGM)", loinc: "99504-3", metric: "blood_glucose_mg_dl"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.stepCount", slug: "Step Count", loinc: "41950-7", metric: "step_count"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.activeEnergyBurned", slug: "Calories Burned", loinc: "41979-6",
                       metric: "active_energy_kcal"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.bodyMass", slug: "Body Weight", loinc: "29463-7", metric: "body_mass_kg"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.height", slug: "Body Height", loinc: "8302-2", metric: "height_cm"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.bodyMassIndex", slug: "Body Mass Index", loinc: "39156-5", metric: "body_mass_index"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.vo2Max", slug: "VO2max", loinc: "94122-9", metric: "vo2_max_ml_kg_min"),
        ObservationRow(healthKit: "HKCategoryTypeIdentifier.sleepAnalysis", slug: "Sleep Metrics", loinc: "93832-4", metric: "sleep_segment"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.appleSleepingWristTemperature", slug: "Skin Temperature", loinc: "8310-5",
                       metric: "wrist_temperature_degc", loincMetric: "body_temperature_degc"),
        ObservationRow(healthKit: "HKQuantityTypeIdentifier.appleWalkingSteadiness", slug: "Gait Analysis", loinc: "95809-3",
                       metric: "apple_walking_steadiness_percent"),
        ObservationRow(healthKit: "HKCategoryTypeIdentifier.fallEvent", slug: "Falls", loinc: "41952-1", metric: "number_of_times_fallen"),
    ]

    static let categoryKinds: Set<MetricKind> = [.sleep, .categoryDuration, .categoryEvent]

    @Test func everyHealthSaveNameResolves() {
        let missing = Self.healthSaveNames.filter { Self.catalog.resolve($0) == nil }
        #expect(missing.isEmpty, "unresolved: \(missing)")
        #expect(Self.catalog.resolveWithCategory("blood_pressure_systolic")?.category == "systolic")
        #expect(Self.catalog.resolveWithCategory("blood_pressure_diastolic")?.category == "diastolic")
        #expect(Self.catalog.resolve("heart_rate")?.metric == "heart_rate_bpm")
        #expect(Self.catalog.resolve("sleep_analysis")?.metric == .sleepSegment)
    }

    @Test func everyReadAPITypeResolves() {
        for type in Self.readAPITypes { #expect(Self.catalog.resolve(type.id)?.metric == type.metric, "\(type.id)") }
    }

    @Test(arguments: observationRows)
    func everyObservationRowResolves(_ row: ObservationRow) {
        let byHealthKit = Self.catalog.resolveWithCategory(row.healthKit)
        #expect(byHealthKit?.spec.metric == row.metric)
        #expect(byHealthKit?.category == row.category)
        #expect(Self.catalog.resolve(row.slug)?.metric == (row.slugMetric ?? row.metric), "slug \(row.slug)")
        let byCode = Self.catalog.resolveWithCategory(row.loinc)
        #expect(byCode?.spec.metric == (row.loincMetric ?? row.metric), "LOINC \(row.loinc)")
        #expect(byCode?.category == row.category)
    }

    @Test func swiftSpellingsOfHealthKitIdentifiersResolve() {
        #expect(Self.catalog.resolve("HKQuantityTypeIdentifier.heartRate")?.metric == "heart_rate_bpm")
        #expect(Self.catalog.resolve("HKQuantityTypeIdentifier.uvExposure")?.metric == "uv_exposure")
        #expect(Self.catalog.resolve("HKCategoryTypeIdentifier.mindfulSession")?.metric == "mindful_session")
        #expect(Self.catalog.resolve("HKCorrelationTypeIdentifier.bloodPressure")?.metric == "blood_pressure_mmhg")
        #expect(Self.catalog.resolve("HKQuantityTypeIdentifier.noSuchType") == nil)
        #expect(Self.catalog.resolve("HKQuantityTypeIdentifier.") == nil)
        #expect(Self.catalog.resolve("hkquantitytypeidentifierheartrate") == nil)
    }

    @Test func namesAreWellFormedAndUnique() {
        let names = Self.catalog.metrics.map(\.rawValue)
        #expect(names.allSatisfy(Metric.isWellFormedName), "\(names.filter { !Metric.isWellFormedName($0) })")
        #expect(Set(names).count == names.count)
        var owners: [String: [String]] = [:]
        for spec in Self.catalog.specs {
            for name in Set([spec.metric.rawValue] + spec.allAliases) { owners[name, default: []].append(spec.metric.rawValue) }
        }
        let claimed = owners.filter { $0.value.count > 1 }.map { "\($0.key) → \($0.value.joined(separator: ", "))" }.sorted()
        #expect(claimed.isEmpty, "names claimed by several entries: \(claimed)")
        let identifiers = Self.catalog.specs.compactMap { $0.healthKitIdentifier?.lowercased() }
        #expect(Set(identifiers).count == identifiers.count, "duplicate HealthKit identifiers")
        for spec in Self.catalog.specs {
            if let identifier = spec.healthKitIdentifier { #expect(Self.catalog.resolve(identifier)?.metric == spec.metric, "\(identifier)") }
        }
    }

    @Test func unitsRangesAndCategoriesAreConsistent() {
        for spec in Self.catalog.specs {
            let name = spec.metric.rawValue
            if let units = spec.units {
                #expect(units.accepted.first?.unit == units.canonical, "\(name)")
                #expect(Set(units.names).count == units.names.count, "\(name) lists a unit twice")
                if units.canonical == "%" { #expect(units.conversion(for: "fraction")?.factor == 100, "\(name)") }
            }
            #expect(spec.kind.takesNumber == (spec.units != nil), "\(name): numeric kinds have units, category kinds none")
            if let range = spec.plausibleRange {
                #expect(range.lowerBound.isFinite && range.upperBound.isFinite && range.lowerBound < range.upperBound, "\(name)")
            }
            if Self.categoryKinds.contains(spec.kind) || spec.kind == .bloodPressure {
                #expect(spec.categories?.isEmpty == false, "\(name) has no category values")
            }
            if let values = spec.categories {
                #expect(Set(values.map(\.name)).count == values.count, "\(name)")
                let codes = values.compactMap(\.code)
                #expect(Set(codes).count == codes.count, "\(name)")
            }
        }
    }

    @Test func summaryWordingIsOrderedAndMatchesTheKind() {
        let added = Self.catalog.specs.dropFirst(8)
        #expect(added.allSatisfy { $0.wording.order >= 100 && !$0.wording.always })
        #expect(zip(added, added.dropFirst()).allSatisfy { $0.wording.order < $1.wording.order })
        for spec in added {
            let expected: [SummaryWording.Headline] = switch spec.kind {
            case .cumulative, .cumulativeDeduplicated: [.total]
            case .discrete: [.average, .latest]
            case .categoryDuration: [.minutes]
            case .categoryEvent: [.count]
            case .bloodPressure: [.bloodPressure]
            case .sleep: [.sleep]
            }
            #expect(expected.contains(spec.wording.headline), "\(spec.metric)")
            #expect(spec.wording.label == spec.wording.label.trimmingCharacters(in: .whitespaces) && !spec.wording.label.isEmpty)
        }
    }

    @Test func conversionsLandOnTheCanonicalUnit() throws {
        func canonical(_ name: String, _ value: Double, _ unit: String) throws -> Double {
            let conversion = try #require(Self.catalog.resolve(name)?.units?.conversion(for: unit), "\(name) \(unit)")
            return conversion.canonical(value)
        }
        #expect(abs(try canonical("body_temperature", 98.6, "degF") - 37) < 1e-9)
        #expect(abs(try canonical("body_temperature", 310.15, "K") - 37) < 1e-9)
        #expect(abs(try canonical("blood_glucose", 5.5, "mmol<180.15588000005408>/L") - 99.0858) < 1e-9)
        #expect(try canonical("distance_walking_running", 1, "mi") == 1.609_344)
        #expect(try canonical("height", 12, "in") == 30.48)
        #expect(abs(try canonical("dietary_water", 8, "fl_oz_us") - 236.588_236_5) < 1e-9)
        #expect(abs(try canonical("basal_energy_burned", 4184, "kJ") - 1000) < 1e-9)
        #expect(try canonical("lean_body_mass", 1, "st") == 6.350_293_18)
        #expect(try canonical("walking_speed", 1, "m/s") == 3.6)
        #expect(try canonical("oxygen_saturation", 0.97, "fraction") == 97)
        #expect(abs(try canonical("blood_pressure", 16, "kPa") - 120.009_92) < 1e-9)
    }

    @Test func countsAreTheFullCatalog() {
        let categories = Self.catalog.specs.filter { Self.categoryKinds.contains($0.kind) }
        let quantities = Self.catalog.specs.filter { !Self.categoryKinds.contains($0.kind) }
        #expect(quantities.count >= 119, "\(quantities.count) quantity-like entries")
        #expect(categories.count >= 69, "\(categories.count) category entries")
        #expect(Self.catalog.specs.count == quantities.count + categories.count)
    }
}
