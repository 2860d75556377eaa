import JSON
import Testing
@testable import HealthDomain

/// The one ingest seam: drafts, the shared rules, derived keys and typed aggregates.
@Suite struct IngestSeamTests {
    static let start: Int64 = 1_775_800_000_000

    static func draft(key: String? = nil, metric: String = "steps", value: Double = 120, unit: String = "count",
                      source: String? = "Jane's Apple Watch") -> SampleDraft {
        SampleDraft(sampleKey: key, metricName: metric, startTimeMs: start, endTimeMs: start + 60_000, value: value,
                    unit: unit, sourceName: source, timezone: "Europe/Berlin")
    }

    @Test func derivedKeysIdentifyTheMeasurementNotTheValue() throws {
        let rules = SampleRules()
        let first = try #require(rules.validate(Self.draft(value: 120)).sample)
        let corrected = try #require(rules.validate(Self.draft(value: 125)).sample)
        // Alias and canonical name are the same metric, so the same key.
        let canonical = try #require(rules.validate(Self.draft(metric: "step_count", value: 120)).sample)
        #expect(first.sampleKey.hasPrefix(SampleKey.derivedPrefix) && first.sampleKey.count == 35)
        #expect(first.sampleKey == corrected.sampleKey && first.sampleKey == canonical.sampleKey)
        #expect(first.metric == .stepCount)
        let otherSource = try #require(rules.validate(Self.draft(source: "Jane's iPhone")).sample)
        #expect(otherSource.sampleKey != first.sampleKey)
        #expect(SampleKey.derived(metric: .stepCount, source: "a", startTimeMs: 1, endTimeMs: 2)
                != SampleKey.derived(metric: .stepCount, source: "a1", startTimeMs: 1, endTimeMs: 2))
        // A client key is kept as sent.
        #expect(rules.validate(Self.draft(key: "HK-1")).sample?.sampleKey == "HK-1")
    }

    @Test func rulesConvertUnitsAndNameTheWireField() throws {
        var names = SampleDraft.FieldNames.native
        names.value = "qty"
        var draft = Self.draft(metric: "body_mass", value: 1500, unit: "lb")
        draft.fields = names
        let issues = SampleRules().validate(draft).issues
        #expect(issues.map(\.field) == ["qty"])
        #expect(issues.first?.code == "range")
        let kilograms = try #require(SampleRules().validate(Self.draft(metric: "body_mass", value: 154, unit: "lb")).sample)
        #expect(abs((kilograms.valueNumber ?? 0) - 69.853_225) < 1e-6 && kilograms.unit == "kg")
    }

    @Test func wireIssuesAreNotReportedTwice() {
        // An adapter that found `startTimeMs` unreadable leaves it nil and names it once.
        var draft = Self.draft(key: "k", metric: "step_count", value: 5)
        draft.startTimeMs = nil
        draft.issues = [ValidationIssue(field: "startTimeMs", code: "type", message: "startTimeMs must be an integer number of epoch milliseconds (got string)")]
        let issues = SampleRules().validate(draft).issues
        #expect(issues.map(\.field) == ["startTimeMs"])
        #expect(issues.map(\.code) == ["type"])
    }

    @Test func storedAggregatesDecodeTyped() throws {
        let cumulative = DayAggregate.cumulative(CumulativeDay(total: 1234.5, sampleCount: 3, sources: [
            SourceContribution(name: "Watch", total: 1000, counted: 1000, sampleCount: 2),
            SourceContribution(name: "Phone", total: 500, counted: 234.5, sampleCount: 1),
        ]))
        let discrete = DayAggregate.discrete(DiscreteDay(avg: 58.5, min: 55, max: 62, latest: 57, latestTimeMs: 9, latestSource: "Watch",
                                                         sampleCount: 4, sources: ["Watch"]))
        let night = DayAggregate.sleep(SleepNight(deepMs: 3_900_000, remMs: 6_000_000, coreMs: 16_020_000, unspecifiedMs: 0, awakeMs: 600_000,
                                                  inBedMs: 0, sleepStart: 1, sleepEnd: 2, source: "Watch", sources: ["Watch"], sampleCount: 7))
        for (aggregate, kind) in [(cumulative, MetricKind.cumulativeDeduplicated), (discrete, .discrete), (night, .sleep)] {
            let stored = try JSONParser.parse(JSONWriter.string(aggregate.json))
            #expect(try DayAggregate(json: stored, kind: kind) == aggregate)
        }
        // A damaged row names the member that failed instead of reading as "no data".
        let damaged: JSONValue = ["total": "lots", "sampleCount": 3, "sources": []]
        #expect(throws: AggregateDecodingError(field: "total")) { try DayAggregate(json: damaged, kind: .cumulative) }
        let badSource: JSONValue = ["total": 1, "sampleCount": 1, "sources": [["name": "W", "total": 1, "sampleCount": 1]]]
        #expect(throws: AggregateDecodingError(field: "sources[0].counted")) { try DayAggregate(json: badSource, kind: .cumulative) }
    }
}
