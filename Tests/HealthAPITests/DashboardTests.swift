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
        #expect(script.contains("chartCard(title, `${withData} of ${points.length} days with data${judgement}`, chart, legend, table, metric)"))
        #expect(script.contains("text: metricName(metric, units[metric])"))
    }

    /// The readiness card, the trend bands and anomaly marks, and the Records view send these
    /// query bodies; the answers to them carry every member the script reads.
    @Test func theJudgementViewsSendValidQueriesAndReadMembersTheAnswersHave() async throws {
        typealias H = JudgementHistory
        let html = String(decoding: DashboardAssets.files["index.html"]!.bytes, as: UTF8.self)
        let script = String(decoding: DashboardAssets.files["app.js"]!.bytes, as: UTF8.self)
        #expect(html.contains(##"<a href="#records" data-view="records">Records</a>"##))
        #expect(script.contains("records: viewRecords,"))
        #expect(script.contains(#"query({ intent: "readiness", detail: "brief", date: today })"#))
        #expect(script.contains(#"readinessCard(today, readiness)"#))
        #expect(script.contains(#"query({ intent: "anomalies", from: start, to: end, metrics })"#))
        #expect(script.contains(#"svg("path", { class: "band", d: area })"#) && script.contains(#"svg("circle", { class: "anomaly","#))
        #expect(script.contains(#"const body = { intent: "records", metric };"#))
        #expect(script.contains(#"body.goal = goal;"#) && script.contains(#"body.goal = Number(goal);"#))
        let (app, _) = await H.app()

        // Readiness, brief, for a day: score, band, sentence, each component with its usual.
        let scored = await app.query(#"{"intent": "readiness", "detail": "brief", "date": "\#(H.strainDay)", "timezone": "Europe/Berlin"}"#)
        #expect(scored.status == 200)
        #expect(scored.json["status"] as? String == "scored" && scored.json["score"] is Int && scored.json["band"] as? String == "low")
        #expect(scored.json["text"] is String && scored.json["lastNightSettling"] as? String == "settled" && scored.json["settling"] is String)
        let components = try #require(scored.json["components"] as? [[String: Any]])
        #expect(components.map { $0["name"] as? String } == ["hrv", "resting_heart_rate", "asleep"])
        for component in components {
            for key in ["unit", "settling"] { #expect(component[key] is String, "\(key)") }
            for key in ["value", "usual", "z", "points"] { #expect(component[key] is Double, "\(key)") }
        }
        // Unknown: each missing input with its reason and its baseline's days.
        let unknown = await app.query(#"{"intent": "readiness", "detail": "brief", "date": "\#(H.day(4))", "timezone": "Europe/Berlin"}"#)
        #expect(unknown.json["status"] as? String == "unknown" && unknown.json["score"] is NSNull)
        let missing = try #require(unknown.json["missing"] as? [[String: Any]])
        #expect(missing.map { $0["name"] as? String } == ["hrv", "resting_heart_rate", "asleep"])
        #expect(missing.allSatisfy { $0["reason"] as? String == "insufficient_baseline" && $0["baselineDays"] as? Int == 4 })

        // Anomalies, full, for the charted metrics: the marks and each metric's band.
        let anomalies = await app.query(#"{"intent": "anomalies", "from": "\#(H.day(60))", "to": "\#(H.today)", "metrics": ["step_count", "resting_heart_rate_bpm", "hrv_sdnn_ms"]}"#)
        #expect(anomalies.status == 200)
        #expect(anomalies.json["threshold"] as? Double == 3 && anomalies.json["text"] is String)
        let marks = try #require(anomalies.json["anomalies"] as? [[String: Any]])
        #expect(Set(marks.compactMap { $0["day"] as? String }) == [H.strainDay.description])
        for mark in marks {
            #expect(mark["metric"] is String && mark["value"] is Double && mark["z"] is Double && mark["settling"] is String)
            #expect((mark["baseline"] as? [String: Any])?["centre"] is Double)
        }
        let bands = try #require(anomalies.json["bands"] as? [String: [String: [Any]]])
        #expect(bands.keys.sorted() == ["hrv_sdnn_ms", "resting_heart_rate_bpm", "step_count"])
        for (metric, band) in bands {
            #expect(band["days"]?.count == 30 && band["centre"]?.count == 30 && band["spread"]?.count == 30, "\(metric)")
        }

        // Records with a number goal and with a ring: best and worst day, best week and month
        // with `partial`, the streaks.
        let records = await app.query(#"{"intent": "records", "metric": "step_count", "goal": 8000, "timezone": "Europe/Berlin"}"#)
        #expect(records.status == 200)
        #expect(records.json["unit"] as? String == "count" && records.json["lowerIsBetter"] as? Bool == false && records.json["summed"] as? Bool == true)
        for key in ["best", "worst"] { #expect((records.json[key] as? [String: Any])?["day"] is String, "\(key)") }
        for key in ["bestWeek", "bestMonth"] {
            let period = records.json[key] as? [String: Any]
            #expect(period?["label"] is String && period?["total"] is Double && period?["partial"] is Bool && period?["daysWithData"] is Int, "\(key)")
        }
        let streaks = try #require(records.json["streaks"] as? [String: Any])
        #expect(streaks["daysMet"] is Int && streaks["lastDayOpen"] is Bool)
        #expect((streaks["longest"] as? [String: Any])?["length"] is Int && (streaks["longest"] as? [String: Any])?["start"] is String)
        let ring = await app.query(#"{"intent": "records", "metric": "active_energy_kcal", "goal": "ring:move", "timezone": "Europe/Berlin"}"#)
        #expect(ring.status == 200)
        #expect((ring.json["goal"] as? [String: Any])?["ring"] as? String == "move")
        #expect(((ring.json["streaks"] as? [String: Any])?["current"] as? [String: Any])?["length"] as? Int == 9)
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
