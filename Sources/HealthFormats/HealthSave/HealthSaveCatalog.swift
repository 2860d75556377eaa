import HealthDomain

/// What the HealthSave app's metric names mean beyond the catalog's aliases: the unit
/// the app writes when a sample carries none (HealthKit's unit for the type), and, for
/// the status screen, which of its names stands for a canonical metric. Data only;
/// names resolve to metrics through ``MetricCatalog`` like every other wire name.
public enum HealthSaveCatalog {
    /// The unit a HealthSave sample of this metric name is in when it sends no `unit`.
    /// Names not listed take the metric's canonical unit.
    public static let defaultUnits: [String: String] = [
        "heart_rate": "count/min", "resting_heart_rate": "count/min", "walking_heart_rate_average": "count/min",
        "heart_rate_recovery": "count/min", "respiratory_rate": "count/min",
        "heart_rate_variability": "ms",
        "oxygen_saturation": "%", "blood_oxygen": "%", "body_fat_percentage": "%", "walking_asymmetry": "%",
        "walking_double_support": "%", "blood_alcohol_content": "%", "peripheral_perfusion_index": "%",
        "atrial_fibrillation_burden": "%",
        "step_count": "count", "flights_climbed": "count", "push_count": "count", "swimming_stroke_count": "count",
        "distance_walking_running": "m", "distance_cycling": "m", "distance_swimming": "m", "distance_wheelchair": "m",
        "distance_downhill_snow_sports": "m", "distance_cross_country_skiing": "m", "distance_paddle_sports": "m",
        "distance_rowing": "m", "distance_skating_sports": "m", "six_minute_walk_test_distance": "m",
        "active_energy_burned": "kcal", "basal_energy_burned": "kcal", "dietary_energy_consumed": "kcal",
        "apple_exercise_time": "min", "apple_stand_time": "min", "apple_move_time": "min", "time_in_daylight": "min",
        "walking_speed": "m/s", "running_speed": "m/s", "cycling_speed": "m/s", "stair_ascent_speed": "m/s",
        "stair_descent_speed": "m/s", "cross_country_skiing_speed": "m/s", "paddle_sports_speed": "m/s", "rowing_speed": "m/s",
        "body_temperature": "degC", "wrist_temperature": "degC", "basal_body_temperature": "degC", "water_temperature": "degC",
        "body_mass": "kg", "lean_body_mass": "kg", "blood_pressure_systolic": "mmHg", "blood_pressure_diastolic": "mmHg",
        "blood_glucose": "mg/dL", "vo2_max": "mL/kg/min", "dietary_water": "mL",
        "environmental_audio_exposure": "dBASPL", "headphone_audio_exposure": "dBASPL",
    ]

    /// Metric names the app sends that the status screen looks for (the seed's list),
    /// in the order they are preferred when two resolve to one canonical metric.
    public static let statusNames: [String] = [
        "heart_rate", "resting_heart_rate", "walking_heart_rate_average", "heart_rate_variability", "heart_rate_recovery",
        "atrial_fibrillation_burden", "vo2_max", "oxygen_saturation", "respiratory_rate", "peripheral_perfusion_index",
        "blood_pressure", "blood_glucose", "insulin_delivery", "blood_alcohol_content", "number_of_alcoholic_beverages",
        "step_count", "distance_walking_running", "distance_cycling", "distance_swimming", "distance_wheelchair",
        "distance_downhill_snow_sports", "distance_cross_country_skiing", "distance_paddle_sports", "distance_rowing",
        "distance_skating_sports", "flights_climbed", "swimming_stroke_count", "push_count", "nike_fuel", "apple_exercise_time",
        "apple_stand_time", "apple_move_time", "active_energy_burned", "basal_energy_burned", "number_of_times_fallen",
        "walking_speed", "walking_step_length", "walking_asymmetry", "walking_double_support", "stair_ascent_speed",
        "stair_descent_speed", "apple_walking_steadiness", "six_minute_walk_test_distance", "running_power", "running_speed",
        "running_stride_length", "running_vertical_oscillation", "running_ground_contact_time", "cycling_speed", "cycling_power",
        "cycling_cadence", "cycling_functional_threshold_power", "cross_country_skiing_speed", "paddle_sports_speed",
        "rowing_speed", "physical_effort", "workout_effort_score", "estimated_workout_effort_score", "body_temperature",
        "wrist_temperature", "basal_body_temperature", "body_mass", "body_fat_percentage", "bmi", "lean_body_mass", "height",
        "waist_circumference", "electrodermal_activity", "forced_expiratory_volume_1", "forced_vital_capacity",
        "peak_expiratory_flow_rate", "inhaler_usage", "sleep_analysis", "sleeping_breathing_disturbances",
        "environmental_audio_exposure", "headphone_audio_exposure", "environmental_sound_reduction", "uv_exposure",
        "time_in_daylight", "underwater_depth", "water_temperature", "dietary_energy_consumed", "dietary_protein",
        "dietary_fat_total", "dietary_fat_saturated", "dietary_fat_monounsaturated", "dietary_fat_polyunsaturated",
        "dietary_carbohydrates", "dietary_sugar", "dietary_fiber", "dietary_cholesterol", "dietary_sodium", "dietary_potassium",
        "dietary_calcium", "dietary_iron", "dietary_magnesium", "dietary_phosphorus", "dietary_zinc", "dietary_manganese",
        "dietary_copper", "dietary_selenium", "dietary_chromium", "dietary_molybdenum", "dietary_chloride", "dietary_biotin",
        "dietary_vitamin_a", "dietary_vitamin_b6", "dietary_vitamin_b12", "dietary_vitamin_c", "dietary_vitamin_d",
        "dietary_vitamin_e", "dietary_vitamin_k", "dietary_folate", "dietary_niacin", "dietary_pantothenic_acid",
        "dietary_riboflavin", "dietary_thiamin", "dietary_iodine", "dietary_water", "dietary_caffeine",
        "high_heart_rate_event", "low_heart_rate_event", "irregular_heart_rhythm_event", "low_cardio_fitness_event",
        "mindful_session", "handwashing_event", "toothbrushing_event", "environmental_audio_exposure_event",
        "headphone_audio_exposure_event", "apple_walking_steadiness_event", "menstrual_flow", "intermenstrual_bleeding",
        "ovulation_test_result", "cervical_mucus_quality", "sexual_activity", "contraceptive", "pregnancy",
        "pregnancy_test_result", "lactation", "progesterone_test_result", "infrequent_menstrual_cycles",
        "irregular_menstrual_cycles", "persistent_intermenstrual_bleeding", "prolonged_menstrual_periods",
        "bleeding_after_pregnancy", "bleeding_during_pregnancy", "abdominal_cramps", "acne", "appetite_changes",
        "generalized_body_ache", "bloating", "breast_pain", "chest_tightness_or_pain", "chills", "constipation", "coughing",
        "diarrhea", "dizziness", "fainting", "fatigue", "fever", "headache", "heartburn", "hot_flashes", "lower_back_pain",
        "loss_of_smell", "loss_of_taste", "mood_changes", "nausea", "pelvic_pain", "rapid_pounding_or_fluttering_heartbeat",
        "runny_nose", "shortness_of_breath", "sinus_congestion", "skipped_heartbeat", "sleep_changes", "sore_throat",
        "vomiting", "wheezing", "bladder_incontinence", "dry_skin", "hair_loss", "vaginal_dryness", "memory_lapse",
        "night_sweats", "sleep_apnea_event",
    ]

    /// The HealthSave name of each canonical metric of `catalog` that one of
    /// ``statusNames`` resolves to (the first such name wins).
    public static func statusNamesByMetric(_ catalog: MetricCatalog) -> [Metric: String] {
        var names: [Metric: String] = [:]
        for name in statusNames {
            guard let spec = catalog.resolve(name), names[spec.metric] == nil else { continue }
            names[spec.metric] = name
        }
        return names
    }
}
