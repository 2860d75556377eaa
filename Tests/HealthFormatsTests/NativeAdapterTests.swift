import HealthDomain
@testable import HealthFormats
import JSON
import Testing

/// The native wire shape through the native adapter and the shared rules.
@Suite struct NativeAdapterTests {
    static let base: [String: JSONValue] = [
        "sampleKey": .string("hk-1"),
        "metric": .string("step_count"),
        "startTimeMs": .number(1_775_800_000_000),
        "endTimeMs": .number(1_775_800_600_000),
        "valueNumber": .number(812),
        "unit": .string("count"),
        "sourceName": .string("Jane's Apple Watch"),
        "sourceBundleId": .string("com.apple.health.ABC"),
        "timezone": .string("Europe/Berlin"),
    ]

    static func with(_ changes: [String: JSONValue?]) -> JSONValue {
        var members = base
        for (key, value) in changes { members[key] = value }
        return .object(members)
    }

    static let sleep: [String: JSONValue?] = [
        "metric": .string("sleep_segment"), "valueNumber": nil, "categoryValue": .string("asleepCore"), "unit": .string("category"),
    ]

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let json: JSONValue
        let field: String
        let code: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "missing sampleKey", json: with(["sampleKey": nil]), field: "sampleKey", code: "required"),
        BadCase(name: "null sampleKey", json: with(["sampleKey": .null]), field: "sampleKey", code: "required"),
        BadCase(name: "empty sampleKey", json: with(["sampleKey": .string("")]), field: "sampleKey", code: "length"),
        BadCase(name: "257-char sampleKey", json: with(["sampleKey": .string(String(repeating: "k", count: 257))]), field: "sampleKey", code: "length"),
        BadCase(name: "numeric sampleKey", json: with(["sampleKey": .number(5)]), field: "sampleKey", code: "type"),
        BadCase(name: "metric with capitals", json: with(["metric": .string("StepCount")]), field: "metric", code: "format"),
        BadCase(name: "metric starting with digit", json: with(["metric": .string("1steps")]), field: "metric", code: "format"),
        BadCase(name: "metric too long", json: with(["metric": .string(String(repeating: "a", count: 65))]), field: "metric", code: "length"),
        BadCase(name: "start after end", json: with(["startTimeMs": .number(1_700_000_100_000), "endTimeMs": .number(1_700_000_000_000)]), field: "endTimeMs", code: "order"),
        BadCase(name: "fractional start", json: with(["startTimeMs": .number(1_775_800_000_000.5)]), field: "startTimeMs", code: "type"),
        BadCase(name: "string start", json: with(["startTimeMs": .string("1775800000000")]), field: "startTimeMs", code: "type"),
        BadCase(name: "start before 1970", json: with(["startTimeMs": .number(-1)]), field: "startTimeMs", code: "range"),
        BadCase(name: "end after 2100 (seconds sent as µs)", json: with(["endTimeMs": .number(1_775_800_600_000_000)]), field: "endTimeMs", code: "range"),
        BadCase(name: "missing endTimeMs", json: with(["endTimeMs": nil]), field: "endTimeMs", code: "required"),
        BadCase(name: "string value 'NaN'", json: with(["valueNumber": .string("NaN")]), field: "valueNumber", code: "type"),
        BadCase(name: "infinite value", json: with(["valueNumber": .number(.infinity)]), field: "valueNumber", code: "not_finite"),
        BadCase(name: "missing value", json: with(["valueNumber": nil]), field: "valueNumber", code: "required"),
        BadCase(name: "negative steps", json: with(["valueNumber": .number(-3)]), field: "valueNumber", code: "range"),
        BadCase(name: "body fat 140 %", json: with(["metric": .string("body_fat_percent"), "valueNumber": .number(140), "unit": .string("%")]), field: "valueNumber", code: "range"),
        BadCase(name: "heart rate 400 bpm", json: with(["metric": .string("resting_heart_rate_bpm"), "valueNumber": .number(400), "unit": .string("bpm")]), field: "valueNumber", code: "range"),
        BadCase(name: "unknown sleep category", json: with(sleep.merging(["categoryValue": .string("napping")]) { $1 }), field: "categoryValue", code: "unknown_value"),
        BadCase(name: "sleep without category", json: with(sleep.merging(["categoryValue": nil]) { $1 }), field: "categoryValue", code: "required"),
        BadCase(name: "timezone typo", json: with(["timezone": .string("Europe/Berln")]), field: "timezone", code: "timezone"),
        BadCase(name: "timezone Mars/Olympus", json: with(["timezone": .string("Mars/Olympus")]), field: "timezone", code: "timezone"),
        BadCase(name: "POSIX-style EST5EDT", json: with(["timezone": .string("EST5EDT")]), field: "timezone", code: "timezone"),
        BadCase(name: "abbreviation PST", json: with(["timezone": .string("PST")]), field: "timezone", code: "timezone"),
        BadCase(name: "offset GMT+2", json: with(["timezone": .string("GMT+2")]), field: "timezone", code: "timezone"),
        BadCase(name: "timezone as number", json: with(["timezone": .number(1)]), field: "timezone", code: "type"),
        BadCase(name: "unit for wrong metric", json: with(["unit": .string("kg")]), field: "unit", code: "unknown_value"),
        BadCase(name: "energy spellings are case-sensitive", json: with(["metric": .string("active_energy_kcal"), "unit": .string("CAL")]), field: "unit", code: "unknown_value"),
        BadCase(name: "a length is no mass", json: with(["metric": .string("body_mass_kg"), "valueNumber": .number(70), "unit": .string("ft")]), field: "unit", code: "unknown_value"),
        BadCase(name: "missing unit", json: with(["unit": nil]), field: "unit", code: "required"),
        BadCase(name: "unit too long", json: with(["unit": .string(String(repeating: "u", count: 33))]), field: "unit", code: "length"),
        BadCase(name: "sourceName as array", json: with(["sourceName": .array([])]), field: "sourceName", code: "type"),
        BadCase(name: "sourceBundleId too long", json: with(["sourceBundleId": .string(String(repeating: "b", count: 257))]), field: "sourceBundleId", code: "length"),
        BadCase(name: "syncIdentifier as bool", json: with(["syncIdentifier": .bool(true)]), field: "syncIdentifier", code: "type"),
        BadCase(name: "unknown metric without value", json: with(["metric": .string("blood_ketones"), "valueNumber": nil, "unit": .string("mmol/L")]), field: "valueNumber", code: "required"),
        BadCase(name: "not an object", json: .array([]), field: "sample", code: "type"),
    ]

    @Test(arguments: badCases)
    func rejects(_ bad: BadCase) {
        let issues = NativeAdapter.validate(bad.json).issues
        #expect(issues.contains { $0.field == bad.field && $0.code == bad.code }, "\(issues)")
        #expect(NativeAdapter.validate(bad.json).sample == nil)
        #expect(issues.allSatisfy { $0.message.contains($0.field) || $0.field == "sample" })
    }

    @Test func acceptsTheBaseSampleAndIgnoresUnknownFields() throws {
        var members = Self.base
        members["somethingNew"] = .string("ignored")
        members["syncIdentifier"] = .string("sync-1")
        let sample = try #require(NativeAdapter.validate(.object(members)).sample)
        #expect(sample.metric == .stepCount && sample.valueNumber == 812 && sample.timezone == "Europe/Berlin")
        #expect(sample.syncIdentifier == "sync-1")
        #expect(sample.json == .object(members.filter { $0.key != "somethingNew" }))
    }

    @Test func reportsEveryIssueOfASample() {
        let issues = NativeAdapter.validate(.object([
            "metric": .string("Bad Name"), "startTimeMs": .number(2), "endTimeMs": .number(1),
            "unit": .number(3), "timezone": .string("Nowhere/City"),
        ])).issues
        #expect(issues.map(\.field) == ["sampleKey", "metric", "endTimeMs", "unit", "timezone"])
        #expect(issues.map(\.code) == ["required", "format", "order", "type", "timezone"])
    }

    @Test func messagesNameTheFieldAndRule() {
        let tz = NativeAdapter.validate(Self.with(["timezone": .string("Europe/Berln")])).issues
        #expect(tz.first?.message.hasPrefix("timezone 'Europe/Berln' is not a known IANA time zone") == true)
        let order = NativeAdapter.validate(Self.with([
            "startTimeMs": .number(1_700_000_100_000), "endTimeMs": .number(1_700_000_000_000),
        ])).issues
        #expect(order.first?.message == "endTimeMs must be ≥ startTimeMs (got 1700000000000 < 1700000100000)")
        let unit = NativeAdapter.validate(Self.with(["unit": .string("kg")])).issues
        #expect(unit.first?.message == "unit 'kg' is not accepted for step_count; use one of 'count', 'steps', 'step'")
        let type = NativeAdapter.validate(Self.with(["valueNumber": .string("12")])).issues
        #expect(type.first?.message == "valueNumber must be a number (got string)")
    }

    @Test func convertsUnitsToCanonical() throws {
        let pounds = try #require(NativeAdapter.validate(Self.with([
            "metric": .string("body_mass_kg"), "valueNumber": .number(180), "unit": .string("lb"),
        ])).sample)
        #expect(pounds.unit == "kg")
        #expect(abs(pounds.valueNumber! - 81.646_626_6) < 1e-9)
        let grams = try #require(NativeAdapter.validate(Self.with([
            "metric": .string("body_mass_kg"), "valueNumber": .number(80_500), "unit": .string("g"),
        ])).sample)
        #expect(grams.valueNumber == 80.5)
        let kilojoules = try #require(NativeAdapter.validate(Self.with([
            "metric": .string("dietary_energy_kcal"), "valueNumber": .number(4184), "unit": .string("kJ"),
        ])).sample)
        #expect(kilojoules.unit == "kcal")
        #expect(abs(kilojoules.valueNumber! - 1000) < 1e-9)
        let bigCalories = try #require(NativeAdapter.validate(Self.with([
            "metric": .string("active_energy_kcal"), "valueNumber": .number(320), "unit": .string("Cal"),
        ])).sample)
        #expect(bigCalories.valueNumber == 320 && bigCalories.unit == "kcal")
        let perMinute = try #require(NativeAdapter.validate(Self.with([
            "metric": .string("resting_heart_rate_bpm"), "valueNumber": .number(52), "unit": .string("count/min"),
        ])).sample)
        #expect(perMinute.unit == "bpm")
        // Range applies after conversion: 700 lb ≈ 317.5 kg is fine, 1500 lb is not.
        #expect(NativeAdapter.validate(Self.with([
            "metric": .string("body_mass_kg"), "valueNumber": .number(1500), "unit": .string("lb"),
        ])).issues.map(\.code) == ["range"])
    }

    @Test func acceptsSleepUnknownMetricsAndIANANames() throws {
        let segment = try #require(NativeAdapter.validate(Self.with(Self.sleep)).sample)
        #expect(segment.sleepCategory == .asleepCore && segment.valueNumber == nil && segment.unit == "category")
        let ketones = try #require(NativeAdapter.validate(Self.with([
            "metric": .string("blood_ketones"), "valueNumber": .number(0.4), "unit": .string("mmol/L"),
        ])).sample)
        #expect(ketones.unit == "mmol/L" && MetricCatalog.standard.spec(for: ketones.metric) == nil)
        let flow = NativeAdapter.validate(Self.with([
            "metric": .string("menstrual_flow"), "valueNumber": nil, "categoryValue": .string("light"), "unit": .string("category"),
        ]))
        #expect(flow.sample != nil)
        for zone in ["Asia/Kolkata", "Asia/Tokyo", "America/Argentina/Buenos_Aires", "UTC", "Etc/UTC", "Pacific/Auckland"] {
            #expect(NativeAdapter.validate(Self.with(["timezone": .string(zone)])).sample != nil, "\(zone)")
        }
        let nulls = try #require(NativeAdapter.validate(Self.with(["sourceName": .null, "sourceBundleId": .string("")])).sample)
        #expect(nulls.sourceName == nil && nulls.sourceBundleId == nil && nulls.sourceIdentity == "unknown")
    }

    @Test func metricCatalogue() {
        // The first entries are the core metrics; the rest of the catalog follows them.
        let catalog = MetricCatalog(Array(MetricCatalog.standard.specs.prefix(8)))
        #expect(catalog.metrics.map(\.rawValue) == [
            "step_count", "active_energy_kcal", "dietary_energy_kcal", "resting_heart_rate_bpm",
            "hrv_sdnn_ms", "body_mass_kg", "body_fat_percent", "sleep_segment",
        ])
        #expect(catalog.metrics.allSatisfy { Metric.isWellFormedName($0.rawValue) })
        #expect(catalog.specs.map(\.kind) == [
            .cumulativeDeduplicated, .cumulativeDeduplicated, .cumulative, .discrete, .discrete, .discrete, .discrete, .sleep,
        ])
        #expect(catalog.kind(of: "heart_rate") == nil && catalog.spec(for: "heart_rate") == nil)
        #expect(catalog.spec(for: .sleepSegment)?.unit == nil && catalog.spec(for: .bodyFatPercent)?.unit == "%")
        // Aliases resolve to their canonical entry; a canonical name is never shadowed.
        #expect(catalog.resolve("HKQuantityTypeIdentifierStepCount")?.metric == .stepCount)
        #expect(catalog.resolve("steps")?.metric == .stepCount)
        #expect(catalog.resolve("dietary_energy_consumed")?.metric == .dietaryEnergyKcal)
        let shadowing = catalog.adding([MetricSpec("shadow", aliases: ["step_count"], kind: .discrete, units: nil, description: "",
                                                   wording: SummaryWording(headline: .average, label: "shadow", textUnit: "", order: 99))])
        #expect(shadowing.resolve("step_count")?.metric == .stepCount)
        // Every unit conversion lands in the canonical unit, identity first.
        for spec in catalog.specs { #expect(spec.units.map { $0.accepted.first?.unit == $0.canonical } ?? true, "\(spec.metric)") }
        #expect(Metric.isWellFormedName("a") && Metric.isWellFormedName(String(repeating: "a", count: 64)))
        #expect(!Metric.isWellFormedName("") && !Metric.isWellFormedName("_a") && !Metric.isWellFormedName("é"))
        #expect(SleepCategory.allCases.filter(\.isStage) == [.asleepREM, .asleepCore, .asleepDeep])
        #expect(SleepCategory.allCases.filter(\.isAsleep) == [.asleep, .asleepREM, .asleepCore, .asleepDeep])
    }
}
