import HealthTesting
import JSON
import Testing
@testable import HealthDomain

/// The kinds added for the full catalog: timed categories, events, blood pressure, and
/// the unit rules (percentages, temperatures, category values by name or number).
@Suite struct KindTests {
    let clock = DomainFixtures.clock
    static let day = "2026-04-08"

    func at(_ hour: Int64, _ minute: Int64 = 0) -> Int64 { DomainFixtures.local(Self.day, hour, minute) }

    func sample(_ key: String, _ metric: Metric, _ start: Int64, _ end: Int64, value: Double? = nil, category: String? = nil,
                source: String = "Apple Watch") -> Sample {
        Sample(sampleKey: key, metric: metric, startTimeMs: start, endTimeMs: end, valueNumber: value, categoryValue: category,
               unit: "category", sourceName: source, timezone: "Europe/Berlin")
    }

    @Test func timedCategoriesCountSessionsAndMergeOverlaps() throws {
        // 10:00–10:10 and 10:05–10:20 (two apps logging one session): 2 sessions, 20 minutes.
        let samples = [sample("m1", "mindful_session", at(10), at(10, 10)), sample("m2", "mindful_session", at(10, 5), at(10, 20), source: "Calm")]
        let day = try #require(DayKey(Self.day))
        guard case .categoryDuration(let result)? = DayAggregator.aggregate(kind: .categoryDuration, day: day, attributed: samples, priority: .default, clock: clock)
        else { Issue.record("no day"); return }
        #expect(result.count == 2 && result.minutes == 20)
        #expect(result.sources == ["Apple Watch", "Calm"])
    }

    @Test func eventsCountValues() throws {
        let samples = [sample("h1", "headache", at(9), at(11), category: "mild"), sample("h2", "headache", at(14), at(15), category: "mild"),
                       sample("h3", "headache", at(20), at(22), category: "severe")]
        let day = try #require(DayKey(Self.day))
        guard case .categoryEvents(let result)? = DayAggregator.aggregate(kind: .categoryEvent, day: day, attributed: samples, priority: .default, clock: clock)
        else { Issue.record("no day"); return }
        #expect(result.count == 3 && result.values == ["mild": 2, "severe": 1] && result.minutes == 300)
    }

    @Test func bloodPressurePairsBySideTimeAndSource() throws {
        let bp: Metric = "blood_pressure_mmhg"
        let samples = [
            sample("s1", bp, at(8), at(8), value: 120, category: "systolic"), sample("d1", bp, at(8), at(8), value: 80, category: "diastolic"),
            sample("s2", bp, at(20), at(20), value: 130, category: "systolic"), sample("d2", bp, at(20), at(20), value: 84, category: "diastolic"),
            // Another source at the same time, systolic only: unpaired.
            sample("s3", bp, at(20), at(20), value: 140, category: "systolic", source: "Omron"),
        ]
        let day = try #require(DayKey(Self.day))
        guard case .bloodPressure(let result)? = DayAggregator.aggregate(kind: .bloodPressure, day: day, attributed: samples.reversed(), priority: .default, clock: clock)
        else { Issue.record("no day"); return }
        #expect(result.readings == 2 && result.unpaired == 1)
        #expect(result.systolic == BloodPressureDay.Side(avg: 130, min: 120, max: 140, latest: 130))
        #expect(result.diastolic == BloodPressureDay.Side(avg: 82, min: 80, max: 84, latest: 84))
        #expect(result.latestTimeMs == at(20))
        // Stored and read back typed.
        let stored = try JSONParser.parse(JSONWriter.string(DayAggregate.bloodPressure(result).json))
        #expect(try DayAggregate(json: stored, kind: .bloodPressure) == .bloodPressure(result))
    }

    /// A catalog with one metric of each unit rule under test.
    static let catalog = MetricCatalog.standard.adding([
        MetricSpec("oxygen_saturation_percent", aliases: ["oxygen_saturation"], kind: .discrete,
                   units: MetricUnits("%", [UnitConversion("fraction", factor: 100)]), range: 50...100, description: "SpO2.",
                   wording: SummaryWording(headline: .average, label: "SpO2", textUnit: "%", order: 100)),
        MetricSpec("body_temperature_degc", kind: .discrete,
                   units: MetricUnits("degC", [UnitConversion("degF", factor: 5.0 / 9.0, offset: -160.0 / 9.0)]), range: 25...45,
                   description: "Body temperature.", wording: SummaryWording(headline: .average, label: "temperature", textUnit: " °C", order: 101)),
        MetricSpec("blood_pressure_mmhg", aliases: ["blood_pressure"], kind: .bloodPressure, units: MetricUnits("mmHg"), range: 30...300,
                   description: "Blood pressure.", wording: SummaryWording(headline: .bloodPressure, label: "blood pressure", textUnit: " mmHg", order: 102),
                   categories: .bloodPressureSides, impliedCategories: ["blood_pressure_systolic": "systolic", "blood_pressure_diastolic": "diastolic"]),
    ])

    func validate(_ metric: String, _ value: Double?, unit: String?, category: String? = nil) -> SampleValidation {
        SampleRules(catalog: Self.catalog).validate(SampleDraft(
            sampleKey: "k", metricName: metric, startTimeMs: 1_775_800_000_000, endTimeMs: 1_775_800_000_000, value: value,
            unit: unit, categoryValue: category, sourceName: "Watch", timezone: "UTC"))
    }

    @Test func percentagesLandOnOneScale() {
        // `%` means 0–100; a value ≤ 1 where the range rules that out is HealthKit's fraction.
        #expect(validate("oxygen_saturation", 97, unit: "%").sample?.valueNumber == 97)
        #expect(validate("oxygen_saturation", 0.97, unit: "%").sample?.valueNumber == 97)
        #expect(validate("oxygen_saturation", 0.97, unit: "fraction").sample?.valueNumber == 97)
        #expect(validate("oxygen_saturation", 0.97, unit: nil).sample?.valueNumber == 97)
        #expect(validate("oxygen_saturation", 0.97, unit: nil).sample?.unit == "%")
        #expect(validate("body_fat_percent", 0.18, unit: "%").sample?.valueNumber == 18)
        #expect(validate("body_fat_percent", 18.5, unit: "%").sample?.valueNumber == 18.5)
        // Out of range either way, with the accepted units named for an unknown unit.
        #expect(validate("oxygen_saturation", 30, unit: "%").issues.map(\.code) == ["range"])
        #expect(validate("oxygen_saturation", 97, unit: "ppm").issues.first?.message.contains("'%', 'fraction'") == true)
    }

    @Test func temperaturesConvertWithAnOffset() throws {
        let celsius = try #require(validate("body_temperature_degc", 98.6, unit: "degF").sample?.valueNumber)
        #expect(abs(celsius - 37) < 1e-9)
        #expect(validate("body_temperature_degc", 212, unit: "degF").issues.map(\.code) == ["range"])
    }

    @Test func categoryValuesByNameAliasOrNumber() {
        #expect(validate("sleep_segment", nil, unit: "category", category: "5").sample?.categoryValue == "asleepREM")
        #expect(validate("sleep_segment", nil, unit: "category", category: "asleepUnspecified").sample?.categoryValue == "asleep")
        #expect(validate("sleep_segment", nil, unit: "category", category: "Core").sample?.categoryValue == "asleepCore")
        #expect(validate("sleep_segment", nil, unit: "category", category: "napping").issues.map(\.code) == ["unknown_value"])
        // A name can fix the value: the systolic side of blood pressure.
        let systolic = validate("blood_pressure_systolic", 121, unit: "mmHg").sample
        #expect(systolic?.metric == "blood_pressure_mmhg" && systolic?.categoryValue == "systolic")
        #expect(validate("blood_pressure", 121, unit: "mmHg").issues.map(\.field) == ["categoryValue"])
    }
}
