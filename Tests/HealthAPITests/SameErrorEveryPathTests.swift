import Foundation
import HealthTesting
import Testing
@testable import HealthAPI

/// One malformed step sample sent by every ingest path — native ingest, HealthSave,
/// Health Auto Export, observations and the export import — gives the same error entry:
/// the same rule, the same message, the field under the name that path's client sent.
/// Each request carries one good sample beside it, so every path answers with its own
/// partial-success shape.
@Suite struct SameErrorEveryPathTests {
    static let user = "550e8400-e29b-41d4-a716-446655440000"

    /// One problem as a path reported it.
    struct Entry: Equatable, CustomStringConvertible {
        var path: String
        var field: String?
        var rule: String?
        var message: String
        var description: String { "\(path): \(field ?? "-") [\(rule ?? "-")] \(message)" }
    }

    /// The bad sample (`value` in `unit`) and a good one (500 steps), by every path.
    static func entries(value: Int, unit: String) async throws -> [Entry] {
        let app = TestApp { $0.userID = user; $0.defaultTimezone = "Europe/Berlin" }
        var entries: [Entry] = []
        func first(_ reply: TestApp.Reply, _ expected: Int) throws -> [String: Any] {
            #expect(reply.status == expected)
            return try #require((reply.json["errors"] as? [[String: Any]])?.first, "no errors in \(reply.json)")
        }
        func entry(_ path: String, _ json: [String: Any]) -> Entry {
            Entry(path: path, field: json["field"] as? String, rule: json["code"] as? String,
                  message: json["message"] as? String ?? json["error"] as? String ?? "")
        }

        // 2026-04-10 09:00 and 10:00 in Berlin.
        let bad: Int64 = 1_775_804_400_000, good: Int64 = 1_775_808_000_000
        let native = await app.send(.post, "/health/ingest", body: """
            {"samples": [
              {"sampleKey": "n-bad", "metric": "step_count", "startTimeMs": \(bad), "endTimeMs": \(bad + 60_000), "valueNumber": \(value),
               "unit": "\(unit)", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"},
              {"sampleKey": "n-good", "metric": "step_count", "startTimeMs": \(good), "endTimeMs": \(good + 60_000), "valueNumber": 500,
               "unit": "count", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"}]}
            """)
        entries.append(entry("native", try first(native, 207)))

        let healthSave = await app.send(.post, "/api/apple/batch", body: """
            {"metric": "step_count", "batch_index": 0, "total_batches": 1, "samples": [
              {"startDate": "2026-04-10T07:00:00Z", "endDate": "2026-04-10T07:01:00Z", "qty": \(value), "unit": "\(unit)", "source": "Apple Watch"},
              {"startDate": "2026-04-10T08:00:00Z", "endDate": "2026-04-10T08:01:00Z", "qty": 500, "unit": "count", "source": "Apple Watch"}]}
            """)
        entries.append(entry("HealthSave", try first(healthSave, 200)))

        let hae = await app.send(.post, "/health/hae", body: """
            {"data": {"metrics": [
              {"name": "step_count", "units": "\(unit)", "data": [{"date": "2026-04-10 09:00:00 +0200", "qty": \(value), "source": "Apple Watch"}]},
              {"name": "step_count", "units": "count", "data": [{"date": "2026-04-10 10:00:00 +0200", "qty": 500, "source": "Apple Watch"}]}]}}
            """)
        entries.append(entry("Health Auto Export", try first(hae, 207)))

        let observations = await app.send(.post, "/api/v1/observations/batch", body: """
            {"observations": [
              {"xuser_id": "\(user)", "biosignal_slug": "step_count", "effective_datetime": "2026-04-10T07:00:00Z",
               "value_quantity": \(value), "value_unit": "\(unit)", "source_slug": "Apple Watch"},
              {"xuser_id": "\(user)", "biosignal_slug": "step_count", "effective_datetime": "2026-04-10T08:00:00Z",
               "value_quantity": 500, "value_unit": "count", "source_slug": "Apple Watch"}]}
            """)
        entries.append(entry("observations", try first(observations, 207)))

        let folder = try ExportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = folder.appendingPathComponent("export.xml")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_DE">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Apple Watch" unit="\(unit)" startDate="2026-04-10 09:00:00 +0200" endDate="2026-04-10 09:01:00 +0200" value="\(value)"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Apple Watch" unit="count" startDate="2026-04-10 10:00:00 +0200" endDate="2026-04-10 10:01:00 +0200" value="500"/>
            </HealthData>
            """.write(to: export, atomically: true, encoding: .utf8)
        let report = try await AppleHealthImporter.importOnThread(path: export.path, store: app.store, now: { 1_775_800_000_000 })
        // The good record is the one HealthSave and Health Auto Export already stored (the same derived key).
        #expect(report.rejected == 1 && report.unchanged == 1)
        let imported = try #require(report.errors.first?.objectValue)
        entries.append(Entry(path: "import", field: imported["field"]?.stringValue, rule: imported["code"]?.stringValue,
                             message: imported["message"]?.stringValue ?? ""))
        return entries
    }

    @Test func aMalformedSampleGivesTheSameEntryOnEveryPath() async throws {
        // A unit the metric cannot take: one rule, one message, on the unit each wire sends.
        let unit = try await Self.entries(value: 500, unit: "lb")
        #expect(unit.map(\.path) == ["native", "HealthSave", "Health Auto Export", "observations", "import"])
        let message = "unit 'lb' is not accepted for step_count; use one of "
        for entry in unit {
            #expect(entry.message.hasPrefix(message), "\(entry)")
            #expect(entry.message == unit[0].message, "\(entry)")
        }
        // Observations' contract has no rule or field per entry: only `{index, error}`.
        #expect(unit.map(\.rule) == ["unknown_value", "unknown_value", "unknown_value", nil, "unknown_value"])
        #expect(unit.map(\.field) == ["unit", "samples[0].unit", "data.metrics[0].units", nil, "unit"])

        // A negative step count: one rule, one message naming the value as each wire calls it.
        let negative = try await Self.entries(value: -5, unit: "count")
        let valueNames = ["valueNumber", "qty", "qty", "value_quantity", "value"]
        let template = negative[0].message
        #expect(template.hasPrefix("valueNumber -5 count is outside the plausible range"), "\(negative[0])")
        for (entry, name) in zip(negative, valueNames) {
            #expect(entry.message == template.replacingOccurrences(of: "valueNumber", with: name), "\(entry)")
        }
        #expect(negative.map(\.rule) == ["range", "range", "range", nil, "range"])
        #expect(negative.map(\.field) == ["valueNumber", "samples[0].qty", "data.metrics[0].data[0].qty", nil, "value"])
    }
}
