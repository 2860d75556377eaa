import HealthDomain
import Testing

/// The catalog's unit tables take every unit string HealthKit writes for a metric's
/// dimension (`HKUnit.stone()` is `st`, the small calorie `cal`, glucose's molar unit
/// `mmol<180.15588000005408>/L`, …) and convert it exactly; a unit of another dimension
/// is refused with the field and the rule named.
@Suite struct UnitConversionTests {
    static let catalog = MetricCatalog.standard

    /// HealthKit's unit strings per dimension, each with its size in one unit of the dimension.
    static let dimensions: [String: [String: Double]] = [
        "mass (g)": ["g": 1, "kg": 1000, "mg": 0.001, "mcg": 0.000_001, "oz": 28.349_523_125, "lb": 453.592_37, "st": 6_350.293_18],
        "length (m)": ["m": 1, "cm": 0.01, "mm": 0.001, "km": 1000, "in": 0.025_4, "ft": 0.304_8, "yd": 0.914_4, "mi": 1_609.344],
        "volume (mL)": ["mL": 1, "cL": 10, "dL": 100, "L": 1000, "fl_oz_us": 29.573_529_562_5, "cup_us": 236.588_236_5, "pt_us": 473.176_473,
                        "fl_oz_imp": 28.413_062_5, "cup_imp": 284.130_625, "pt_imp": 568.261_25],
        "time (s)": ["ms": 0.001, "s": 1, "min": 60, "hr": 3600, "d": 86_400],
        "energy (kcal)": ["kcal": 1, "Cal": 1, "cal": 0.001, "kJ": 1 / 4.184, "J": 1 / 4184],
        "pressure (mmHg)": ["mmHg": 1, "kPa": 7.500_62, "Pa": 0.007_500_62, "cmAq": 0.735_559_24, "atm": 760, "inHg": 25.4],
        "frequency (count/min)": ["count/min": 1, "count/s": 60],
    ]

    /// The dimension of a canonical unit and its size there.
    static func dimension(of canonical: String) -> (name: String, size: Double)? {
        let aliases = ["bpm": "count/min", "breaths/min": "count/min", "rpm": "count/min"]
        let unit = aliases[canonical] ?? canonical
        for (name, table) in dimensions { if let size = table[unit] { return (name, size) } }
        return nil
    }

    @Test func everyHealthKitUnitOfAMetricsDimensionIsAcceptedAndConverted() throws {
        var checked = Set<String>()
        for spec in Self.catalog.specs {
            guard let units = spec.units, let (name, canonicalSize) = Self.dimension(of: units.canonical) else { continue }
            checked.insert(name)
            for (unit, size) in Self.dimensions[name] ?? [:] {
                let conversion = try #require(units.conversion(for: unit), "\(spec.metric) does not take '\(unit)'")
                let expected = size / canonicalSize
                #expect(abs(conversion.factor - expected) <= 1e-12 * expected, "\(spec.metric) '\(unit)': \(conversion.factor) ≠ \(expected)")
                #expect(conversion.offset == 0)
            }
        }
        #expect(checked == Set(Self.dimensions.keys))
    }

    @Test func temperaturesConvertOnTheirScales() throws {
        for name in ["body_temperature", "basal_body_temperature", "wrist_temperature", "water_temperature"] {
            let units = try #require(Self.catalog.resolve(name)?.units)
            #expect(try #require(units.conversion(for: "degC")).canonical(37) == 37)
            #expect(abs(try #require(units.conversion(for: "degF")).canonical(98.6) - 37) < 1e-9)
            #expect(abs(try #require(units.conversion(for: "degF")).canonical(32)) < 1e-12)
            #expect(abs(try #require(units.conversion(for: "K")).canonical(273.15)) < 1e-12)
        }
    }

    /// Concrete numbers through the sample rules: the stored value and unit, and the sent
    /// ones kept in the metadata.
    @Test(arguments: [
        ("body_mass", 11.5, "st", 73.028_371_57, "kg"),
        ("body_mass", 160, "oz", 4.535_923_7, "kg"),
        ("body_mass", 154, "lb", 69.853_224_98, "kg"),
        ("lean_body_mass", 60_000, "g", 60, "kg"),
        ("active_energy_burned", 812_000, "cal", 812, "kcal"),
        ("dietary_energy_consumed", 2092, "kJ", 500, "kcal"),
        ("basal_energy_burned", 4_184_000, "J", 1000, "kcal"),
        ("body_temperature", 98.6, "degF", 37, "degC"),
        ("blood_glucose", 5.5, "mmol<180.15588000005408>/L", 99.0858, "mg/dL"),
        ("dietary_water", 2, "cup_us", 473.176_473, "mL"),
        ("dietary_protein", 1, "oz", 28.349_523_125, "g"),
        ("dietary_sodium", 0.5, "g", 500, "mg"),
        ("height", 6, "ft", 182.88, "cm"),
        ("distance_walking_running", 3, "mi", 4.828_032, "km"),
        ("apple_exercise_time", 1.5, "hr", 90, "min"),
        ("heart_rate_variability", 0.045, "s", 45, "ms"),
        ("blood_pressure_systolic", 16, "kPa", 120.009_92, "mmHg"),
        ("oxygen_saturation", 0.97, "%", 97, "%"),
    ] as [(String, Double, String, Double, String)])
    func convertsThroughTheSampleRules(_ metric: String, _ value: Double, _ unit: String, _ expected: Double, _ canonical: String) throws {
        let draft = SampleDraft(sampleKey: "k-1", metricName: metric, startTimeMs: 1_775_800_000_000, endTimeMs: 1_775_800_000_000,
                                value: value, unit: unit,
                                sourceName: "Scale", timezone: "Europe/Berlin")
        let sample = try #require(SampleRules().validate(draft).sample, "\(SampleRules().validate(draft).issues)")
        #expect(sample.unit == canonical)
        #expect(abs(try #require(sample.valueNumber) - expected) < 1e-6, "\(sample.valueNumber ?? .nan)")
        #expect(sample.metadata == "{\"sentUnit\":\"\(unit)\",\"sentValue\":\(FieldFormat.json(value))}")
    }

    @Test func aSpellingOfTheCanonicalUnitIsStoredWithoutMetadata() throws {
        for (metric, unit) in [("active_energy_burned", "Cal"), ("heart_rate", "count/min"), ("body_mass", "kg")] {
            let draft = SampleDraft(sampleKey: "k-2", metricName: metric, startTimeMs: 1_775_800_000_000, endTimeMs: 1_775_800_000_000,
                                    value: 80, unit: unit, sourceName: "Phone", timezone: "UTC")
            let sample = try #require(SampleRules().validate(draft).sample)
            #expect(sample.valueNumber == 80)
            #expect(sample.metadata == nil)
        }
    }

    @Test func aUnitOfAnotherDimensionIsRefusedNamingTheFieldAndRule() {
        for (metric, unit) in [("body_mass", "m"), ("active_energy_burned", "kg"), ("height", "st"), ("dietary_water", "g"), ("body_mass", "stone")] {
            let draft = SampleDraft(sampleKey: "k-3", metricName: metric, startTimeMs: 1_775_800_000_000, endTimeMs: 1_775_800_000_000,
                                    value: 10, unit: unit, sourceName: "Phone", timezone: "UTC")
            let issues = SampleRules().validate(draft).issues
            #expect(issues.map(\.field) == ["unit"], "\(metric) \(unit)")
            #expect(issues.map(\.code) == ["unknown_value"])
            #expect(issues.first?.message.contains("'\(unit)' is not accepted") == true)
        }
    }
}

/// How the JSON writer spells a number, for comparing stored metadata text.
enum FieldFormat {
    static func json(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
