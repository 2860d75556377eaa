import Foundation
import Testing
import HealthDomain
import HealthFormats
@testable import HealthAPI

/// The dashboard's files: security headers, ETag and 304, the embedded copy matching the
/// files under `Sources/HealthAPI/Dashboard/ui`, and the sync route the page reads.
@Suite struct DashboardTests {
    static let paths = ["/", "/ui/app.js", "/ui/app.css"]

    @Test func everyFileCarriesTheSecurityHeadersWithoutAToken() async {
        let app = TestApp()
        for path in DashboardTests.paths {
            let reply = await app.send(.get, path, authorized: false)
            #expect(reply.status == 200, "\(path)")
            let csp = reply.header("Content-Security-Policy") ?? ""
            #expect(csp.contains("default-src 'self'"), "\(path)")
            #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "\(path)")
            #expect(csp.contains("frame-ancestors 'none'"), "\(path)")
            #expect(reply.header("X-Frame-Options") == "DENY", "\(path)")
            #expect(reply.header("Referrer-Policy") == "no-referrer", "\(path)")
            #expect(reply.header("X-Content-Type-Options") == "nosniff", "\(path)")
        }
        #expect(await app.send(.get, "/", authorized: false).header("Content-Type") == "text/html; charset=utf-8")
        #expect(await app.send(.get, "/ui/app.js", authorized: false).header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(await app.send(.get, "/ui/app.css", authorized: false).header("Content-Type") == "text/css; charset=utf-8")
    }

    @Test func theETagTurnsARepeatIntoA304WithoutBody() async {
        let app = TestApp()
        for path in DashboardTests.paths {
            let first = await app.send(.get, path, authorized: false)
            let etag = first.header("ETag") ?? ""
            #expect(etag.hasPrefix("\"") && etag.count == 34, "\(path): \(etag)")
            #expect(first.header("Cache-Control") == "no-cache")
            #expect(!first.response.body.isEmpty)
            let again = await app.send(.get, path, headers: [("If-None-Match", etag)], authorized: false)
            #expect(again.status == 304, "\(path)")
            #expect(again.response.body.isEmpty)
            #expect(again.header("ETag") == etag)
            #expect(again.header("Content-Security-Policy") != nil)
            // A list, a weak form and `*` match too; another tag does not.
            #expect(await app.send(.get, path, headers: [("If-None-Match", "\"x\", W/\(etag)")], authorized: false).status == 304)
            #expect(await app.send(.get, path, headers: [("If-None-Match", "*")], authorized: false).status == 304)
            #expect(await app.send(.get, path, headers: [("If-None-Match", "\"other\"")], authorized: false).status == 200)
        }
    }

    @Test func unknownFilesAre404AndThePageIsNotAnAsset() async {
        let app = TestApp()
        #expect(await app.send(.get, "/ui/missing.js", authorized: false).status == 404)
        #expect(await app.send(.get, "/ui/index.html", authorized: false).status == 404)
        #expect(await app.send(.get, "/ui/", authorized: false).status == 404)
        #expect(await app.send(.get, "/?x=1", authorized: false).status == 400)
    }

    @Test func thePageLoadsNothingFromElsewhereAndRunsNoInlineScript() throws {
        let html = String(decoding: DashboardAssets.files["index.html"]!.bytes, as: UTF8.self)
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<script>") && !html.contains(" style="))
        #expect(html.contains("<script src=\"/ui/app.js\" defer></script>"))
        let script = String(decoding: DashboardAssets.files["app.js"]!.bytes, as: UTF8.self)
        // Values reach the page as text: the script never parses strings as HTML.
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "localStorage", "document.cookie"] {
            #expect(!script.contains(sink), "\(sink)")
        }
        let total = DashboardAssets.files.values.reduce(0) { $0 + $1.bytes.count }
        #expect(total < 200_000)
    }

    /// The compiled-in copy is the files' current text (`.ci/embed-dashboard` refreshes it).
    @Test func theEmbeddedFilesMatchTheSources() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HealthAPI/Dashboard/ui")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == DashboardAssets.files.keys.sorted())
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(bytes == DashboardAssets.files[name]!.bytes, "\(name) changed: run .ci/embed-dashboard")
        }
    }

    @Test func theSyncRouteRecordsTheAdapterPerSource() async throws {
        let app = TestApp()
        let body = #"{"samples":[{"sampleKey":"S1","metric":"step_count","startTimeMs":1775790000000,"endTimeMs":1775790600000,"valueNumber":100,"unit":"count","sourceName":"Apple Watch","timezone":"Europe/Berlin"},{"sampleKey":"S2","metric":"step_count","startTimeMs":1775791000000,"endTimeMs":1775791600000,"valueNumber":50,"unit":"count","sourceName":"Apple Watch","timezone":"Europe/Berlin"}]}"#
        #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        // A re-send counts again (it is a request) without moving the sample time back.
        #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        let reply = await app.send(.get, "/health/sync/clients")
        #expect(reply.status == 200)
        let clients = reply.json["clients"] as? [[String: Any]] ?? []
        #expect(clients.count == 1)
        #expect(clients.first?["client"] as? String == "native")
        #expect(clients.first?["source"] as? String == "Apple Watch")
        #expect(clients.first?["lastSampleMs"] as? Int == 1_775_791_600_000)
        #expect(clients.first?["lastRequestMs"] as? Int == 1_775_800_000_000)
        #expect(clients.first?["samples"] as? Int == 4)
        #expect((reply.json["importJobs"] as? [Any])?.isEmpty == true)
        #expect(await app.send(.get, "/health/sync/clients", authorized: false).status == 401)
    }

    /// The trends view titles each chart from `/health/capabilities`: the catalog's display
    /// name with the unit, never the identifier.
    @Test func theTrendsViewReadsDisplayNamesAndUnitsFromCapabilities() async throws {
        let app = TestApp()
        let metrics = try #require(await app.send(.get, "/health/capabilities").json["metrics"] as? [String: [String: Any]])
        #expect(metrics["step_count"]?["displayName"] as? String == "Steps")
        #expect(metrics["step_count"]?["unit"] as? String == "count")
        #expect(metrics["resting_heart_rate_bpm"]?["displayName"] as? String == "Resting heart rate")
        #expect(metrics["resting_heart_rate_bpm"]?["unit"] as? String == "bpm")
        #expect(metrics["active_energy_kcal"]?["displayName"] as? String == "Active energy")
        #expect(metrics["heart_rate_bpm"]?["displayName"] as? String == "Heart rate")
        #expect(metrics.count == MetricCatalog.standard.specs.count)
        for (metric, entry) in metrics {
            let name = entry["displayName"] as? String ?? ""
            #expect(!name.isEmpty && name != metric && !name.contains("_"), "\(metric): \(name)")
        }
        // The script titles charts and picker entries with them (metricTitle/metricName), and
        // keys the chart by the identifier only for tests.
        let script = String(decoding: DashboardAssets.files["app.js"]!.bytes, as: UTF8.self)
        #expect(script.contains("function metricTitle(metric, spec)") && script.contains("spec.displayName"))
        #expect(script.contains("chartCard(title, `${withData} of ${points.length} days with data`, chart, legend, table, metric)"))
        #expect(script.contains("text: metricName(metric, units[metric])"))
    }

    /// A database filled without adapter records (`healthd demo`, data from before
    /// `sync_clients`) still lists its sources in the sync view, with their last sample time.
    @Test func theSyncRouteListsSourcesWrittenWithoutAnAdapterRecord() async throws {
        let app = TestApp()
        func sample(_ key: String, _ start: Int64, _ source: String?) -> Sample {
            Sample(sampleKey: key, metric: .stepCount, startTimeMs: start, endTimeMs: start + 600_000, valueNumber: 10, unit: "count",
                   sourceName: source, timezone: "Europe/Berlin")
        }
        _ = try await app.store.ingest([
            sample("a", 1_775_700_000_000, "Apple Watch"), sample("b", 1_775_710_000_000, "Apple Watch"),
            sample("c", 1_775_705_000_000, "MyFitnessPal"), sample("d", 1_775_706_000_000, nil),
        ], client: nil, nowMs: 1_775_800_000_000)
        let reply = await app.send(.get, "/health/sync/clients")
        #expect(reply.status == 200)
        #expect((reply.json["clients"] as? [Any])?.isEmpty == true)
        let sources = reply.json["sources"] as? [[String: Any]] ?? []
        #expect(sources.map { $0["source"] as? String } == ["", "Apple Watch", "MyFitnessPal"])
        #expect(sources.map { $0["lastSampleMs"] as? Int } == [1_775_706_600_000, 1_775_710_600_000, 1_775_705_600_000])
        #expect(sources.map { $0["lastSampleAt"] as? String } == ["2026-04-09T03:50:00.000Z", "2026-04-09T04:56:40.000Z", "2026-04-09T03:33:20.000Z"])
        #expect(sources.map { $0["samples"] as? Int } == [1, 2, 1])
        #expect(sources.allSatisfy { ($0["clients"] as? [Any])?.isEmpty == true })
        // Once an adapter writes a source, the list names it beside the stored samples.
        let body = #"{"samples":[{"sampleKey":"e","metric":"step_count","startTimeMs":1775720000000,"endTimeMs":1775720600000,"valueNumber":5,"unit":"count","sourceName":"Apple Watch","timezone":"Europe/Berlin"}]}"#
        #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        let after = await app.send(.get, "/health/sync/clients").json["sources"] as? [[String: Any]] ?? []
        let watch = after.first { $0["source"] as? String == "Apple Watch" }
        #expect(watch?["clients"] as? [String] == ["native"])
        #expect(watch?["samples"] as? Int == 3)
        #expect(watch?["lastSampleMs"] as? Int == 1_775_720_600_000)
        // The page lists them in a table of its own.
        let script = String(decoding: DashboardAssets.files["app.js"]!.bytes, as: UTF8.self)
        #expect(script.contains("const stored = data.sources || [];") && script.contains("id: \"sources-table\""))
    }
}
