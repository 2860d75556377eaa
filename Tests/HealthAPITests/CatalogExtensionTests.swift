import Foundation
import HealthDomain
import HealthFormats
import Testing
@testable import HealthAPI
@testable import HealthStore

/// The catalog is data: a metric the server does not ship becomes a first-class metric —
/// ingested under its aliases and units, aggregated, summarised, queryable and listed in
/// capabilities — by adding one `MetricSpec`, with no other change.
@Suite struct CatalogExtensionTests {
    /// Interstitial glucose, as a continuous glucose monitor's own app might report it
    /// outside HealthKit, as one table entry: a discrete kind with a unit conversion.
    static let glucose = MetricSpec(
        "interstitial_glucose_mg_dl", aliases: ["interstitial_glucose", "cgm_glucose"], kind: .discrete,
        units: MetricUnits("mg/dL", [UnitConversion("mmol/L", factor: 18.0182)]), range: 10...1000,
        description: "Interstitial glucose (mg/dL); a day reports average, minimum, maximum and latest.",
        wording: SummaryWording(headline: .average, label: "glucose", textUnit: " mg/dL", order: 20))

    static let catalog = MetricCatalog.standard.adding([glucose])

    /// 2026-04-10 08:00 Europe/Berlin (UTC+2).
    static let morning: Int64 = 1_775_800_800_000

    static func sample(_ key: String, _ metric: String, minutes: Int64, value: Double, unit: String) -> String {
        let start = morning + minutes * 60_000
        return """
        {"sampleKey": "\(key)", "metric": "\(metric)", "startTimeMs": \(start), "endTimeMs": \(start), "valueNumber": \(value),
         "unit": "\(unit)", "sourceName": "Dexcom", "timezone": "Europe/Berlin"}
        """
    }

    @Test func oneSpecMakesAMetricEndToEnd() async throws {
        let app = TestApp(clock: .fixed(Self.morning + 86_400_000), catalog: Self.catalog)
        // Ingested under an alias and in another unit; converted on the way in.
        let body = """
        {"samples": [\(Self.sample("g1", "interstitial_glucose", minutes: 0, value: 5.5, unit: "mmol/L")),
                     \(Self.sample("g2", "cgm_glucose", minutes: 120, value: 6.0, unit: "mmol/L")),
                     \(Self.sample("g3", "interstitial_glucose_mg_dl", minutes: 240, value: 90, unit: "mg/dL"))]}
        """
        let ingest = await app.send(.post, "/health/ingest", body: body)
        #expect(ingest.status == 200)
        #expect(ingest.json["inserted"] as? Int == 3)
        #expect(ingest.json["rawOnlyMetrics"] as? [String] == [])
        #expect(ingest.json["affectedDays"] as? [String] == ["2026-04-10"])

        // A unit the entry does not list is a per-sample error naming the accepted units.
        let wrongUnit = await app.send(.post, "/health/ingest", body: "{\"samples\": [\(Self.sample("g4", "interstitial_glucose", minutes: 1, value: 5, unit: "g/L"))]}")
        #expect(wrongUnit.status == 422)
        #expect(String(decoding: wrongUnit.response.body, as: UTF8.self).contains("use one of 'mg/dL', 'mmol/L'"))

        // Aggregated: 5.5 and 6.0 mmol/L are 99.1001 and 108.1092 mg/dL; with 90 the mean is 99.0698.
        let daily = await app.send(.get, "/health/daily?from=2026-04-10&to=2026-04-10")
        let day = try #require((daily.json["days"] as? [[String: Any]])?.first)
        let aggregate = try #require((day["metrics"] as? [String: Any])?["interstitial_glucose_mg_dl"] as? [String: Any])
        #expect(aggregate["sampleCount"] as? Int == 3)
        #expect(aggregate["min"] as? Double == 90)
        #expect(aggregate["max"] as? Double == 108.109)
        #expect(aggregate["avg"] as? Double == 99.07)
        #expect(aggregate["latest"] as? Double == 90)

        // Summarised: listed with its wording, in numbers and in the sentence.
        let summary = await app.send(.get, "/health/summary/daily?day=2026-04-10&timezone=Europe/Berlin")
        #expect(summary.status == 200)
        let metric = try #require((summary.json["metrics"] as? [String: Any])?["interstitial_glucose_mg_dl"] as? [String: Any])
        #expect(metric["status"] as? String == "ok")
        #expect(metric["unit"] as? String == "mg/dL")
        #expect(metric["average"] as? Double == 99)
        #expect(metric["readings"] as? Int == 3)
        let text = try #require(summary.json["text"] as? String)
        #expect(text.hasSuffix("no dietary or active energy data, glucose 99 mg/dL."), "\(text)")

        // Queryable by agents, aliases included.
        let series = await app.send(.post, "/health/query", body: """
            {"intent": "metric_series", "metric": "interstitial_glucose", "from": "2026-04-09", "to": "2026-04-10"}
            """)
        #expect(series.status == 200)
        #expect(series.json["metric"] as? String == "interstitial_glucose_mg_dl")
        let points = try #require(series.json["points"] as? [[String: Any]])
        #expect(points.map { $0["value"] as? Double } == [nil, 99])

        // Listed in capabilities with its names, kind, units and range.
        let capabilities = await app.send(.get, "/health/capabilities")
        let listed = try #require((capabilities.json["metrics"] as? [String: Any])?["interstitial_glucose_mg_dl"] as? [String: Any])
        #expect(listed["kind"] as? String == "discrete")
        #expect(listed["aggregation"] as? String == "average")
        #expect(listed["aliases"] as? [String] == ["interstitial_glucose", "cgm_glucose"])
        #expect(listed["acceptedUnits"] as? [String] == ["mg/dL", "mmol/L"])
        #expect(listed["healthKitIdentifier"] is NSNull)
    }

    @Test func theStandardServerStoresItRaw() async {
        // The same samples without the entry: stored raw and listed as such, never dropped.
        let app = TestApp()
        let ingest = await app.send(.post, "/health/ingest", body: "{\"samples\": [\(Self.sample("g1", "interstitial_glucose", minutes: 0, value: 5.5, unit: "mmol/L"))]}")
        #expect(ingest.status == 200)
        #expect(ingest.json["rawOnlyMetrics"] as? [String] == ["interstitial_glucose"])
    }

    @Test func upgradeAdoptsSamplesStoredRawUnderNamesTheTableNowKnows() async throws {
        let directory = NSTemporaryDirectory() + "healthd-adopt-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/health.sqlite"
        let day = try #require(DayKey("2026-04-10"))
        let rawDraft = SampleDraft(sampleKey: "g1", metricName: "interstitial_glucose", startTimeMs: Self.morning, endTimeMs: Self.morning,
                                   value: 5.5, unit: "mmol/L", sourceName: "Dexcom", timezone: "Europe/Berlin")
        let badUnit = SampleDraft(sampleKey: "g2", metricName: "interstitial_glucose", startTimeMs: Self.morning + 60_000, endTimeMs: Self.morning + 60_000,
                                  value: 1, unit: "g/L", sourceName: "Dexcom", timezone: "Europe/Berlin")
        // Today's table: stored raw.
        do {
            let opened = try StoreOpener.open(path: path, priority: .default, nowMs: 1)
            let samples = [rawDraft, badUnit].compactMap { SampleRules().validate($0).sample }
            #expect(samples.map(\.metric.rawValue) == ["interstitial_glucose", "interstitial_glucose"])
            _ = try await opened.store.ingest(samples, nowMs: 1)
            opened.store.pool.close()
        }
        // A release whose table knows glucose: the sample is adopted and gets its day.
        let opened = try StoreOpener.open(path: path, priority: .default, nowMs: 2, catalog: Self.catalog)
        defer { opened.store.pool.close() }
        #expect(opened.rebuiltForPriorityChange)
        let rows = try await opened.store.pool.read { db in
            try SampleRow.all(db: db).map { [$0.sample.sampleKey, $0.sample.metric.rawValue, String($0.sample.valueNumber ?? 0), $0.sample.unit] }
        }
        #expect(rows == [["g1", "interstitial_glucose_mg_dl", String(5.5 * 18.0182), "mg/dL"], ["g2", "interstitial_glucose", "1.0", "g/L"]])
        let aggregates = try await opened.store.dailyAggregates(from: day, to: day)
        #expect(aggregates.map(\.metric) == ["interstitial_glucose_mg_dl"])
    }
}
