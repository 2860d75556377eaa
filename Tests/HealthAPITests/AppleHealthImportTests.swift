import Foundation
import HealthTesting
import HealthDomain
import HealthFormats
import Testing
@testable import HealthAPI

/// The hand-written export (`Fixtures/export`, day values computed by hand in its README)
/// imported into a store and read back through the API.
@Suite struct AppleHealthImportTests {
    static let now: @Sendable () -> Int64 = { 1_775_800_000_000 }

    static func importFile(_ path: String, into app: TestApp) async throws -> ImportReport {
        try await AppleHealthImporter.importOnThread(path: path, store: app.store, now: now)
    }

    static func importFixture(into app: TestApp) async throws -> ImportReport {
        try await importFile(ExportFixture.zip(into: ExportFixture.temporaryDirectory()), into: app)
    }

    static func metrics(_ app: TestApp, _ day: String) async throws -> [String: Any] {
        let reply = await app.send(.get, "/health/daily?from=\(day)&to=\(day)")
        #expect(reply.status == 200)
        let days = try #require(reply.json["days"] as? [[String: Any]])
        return try #require(days.first?["metrics"] as? [String: Any])
    }

    static func metric(_ metrics: [String: Any], _ name: String) throws -> [String: Any] {
        try #require(metrics[name] as? [String: Any], "no \(name) in \(metrics.keys.sorted())")
    }

    @Test func theFixtureGivesTheHandComputedDays() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let report = try await Self.importFixture(into: app)
        #expect(report.exportFile == "apple_health_export/export.xml")
        #expect(report.records == 25)
        #expect(report.inserted == 20)
        #expect(report.repeated == 3)  // the three correlation members, also listed at the top level
        #expect(report.rejected == 1)  // 900 bpm
        #expect(report.superseded == 1)  // body mass sync version 1 after version 2
        #expect(report.correlations == 2)
        #expect(report.workoutsInserted == 2)
        #expect(report.routesLinked == 2)
        #expect(report.routesMissing == 0)
        #expect(report.activitySummariesUpserted == 1)
        #expect(report.profileRead)
        #expect(report.skippedElements == ["ClinicalRecord": 1])
        #expect(report.daysTouched == 3)
        #expect(report.errors.count == 1)

        // 2026-03-28, still on +0100.
        let first = try await Self.metrics(app, "2026-03-28")
        #expect(try Self.metric(first, "step_count")["total"] as? Double == 100)
        // 2026-03-29, the day of the change: 00:10 +0100 and 10:00 +0200 are both on it;
        // the record repeated byte for byte is a second entry (HealthKit held two objects).
        let second = try await Self.metrics(app, "2026-03-29")
        #expect(try Self.metric(second, "step_count")["total"] as? Double == 2200)
        let heartRate = try Self.metric(second, "heart_rate_bpm")
        #expect(heartRate["avg"] as? Double == 70)
        #expect(heartRate["min"] as? Double == 60)
        #expect(heartRate["max"] as? Double == 80)
        #expect(heartRate["sampleCount"] as? Int == 2)
        // 2026-03-30, on +0200.
        let third = try await Self.metrics(app, "2026-03-30")
        #expect(try Self.metric(third, "step_count")["total"] as? Double == 1100)  // 500 and 600 at the same times: two entries
        let pressure = try Self.metric(third, "blood_pressure_mmhg")
        #expect(pressure["readings"] as? Int == 1)
        #expect((pressure["systolic"] as? [String: Any])?["avg"] as? Double == 120)
        #expect((pressure["diastolic"] as? [String: Any])?["avg"] as? Double == 80)
        #expect(try Self.metric(third, "dietary_energy_kcal")["total"] as? Double == 500)
        #expect(try Self.metric(third, "body_mass_kg")["latest"] as? Double == 70.5)
        let sleep = try Self.metric(third, "sleep_segment")
        #expect(sleep["asleepMinutes"] as? Double == 410)
        #expect(sleep["coreMinutes"] as? Double == 290)
        #expect(sleep["deepMinutes"] as? Double == 60)
        #expect(sleep["remMinutes"] as? Double == 60)
        #expect(sleep["inBedMinutes"] as? Double == 420)
        #expect(try Self.metric(third, "mindful_session")["minutes"] as? Double == 10)

        // The unknown type is kept raw under a well-formed name.
        let raw = await app.send(.get, "/health/raw?metric=future_thing&limit=10")
        let rawSamples = try #require(raw.json["samples"] as? [[String: Any]])
        #expect(rawSamples.count == 1)
        #expect(rawSamples.first?["valueNumber"] as? Double == 3)

        // Workouts: the GPX route and the inline one, totals from statistics and from attributes.
        let list = await app.send(.get, "/health/workouts?from=2026-03-28&to=2026-03-30")
        let workouts = try #require(list.json["workouts"] as? [[String: Any]])
        #expect(workouts.count == 2)
        let run = try #require(workouts.first { $0["activityType"] as? String == "running" })
        #expect(run["activeEnergyKcal"] as? Double == 300)
        #expect(run["distanceKm"] as? Double == 5)
        #expect(run["avgHeartRateBpm"] as? Double == 150)
        #expect(run["maxHeartRateBpm"] as? Double == 175)
        #expect(run["routePoints"] as? Int == 3)
        #expect(run["day"] as? String == "2026-03-30")
        let walk = try #require(workouts.first { $0["activityType"] as? String == "walking" })
        #expect(walk["distanceKm"] as? Double == 1.5)
        #expect(walk["routePoints"] as? Int == 2)
        #expect(walk["day"] as? String == "2026-03-28")

        let rings = await app.send(.get, "/health/activity-summaries?from=2026-03-30&to=2026-03-30")
        let ringDays = try #require(rings.json["days"] as? [[String: Any]])
        #expect(ringDays.first?["moveKcal"] as? Double == 450)
        #expect(ringDays.first?["standHours"] as? Double == 10)

        let profile = try await app.store.profile()
        #expect(profile?["HKCharacteristicTypeIdentifierDateOfBirth"] == "1984-06-01")
    }

    @Test func aSecondImportOfTheSameFileChangesNothing() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let path = try ExportFixture.zip(into: ExportFixture.temporaryDirectory())
        _ = try await Self.importFile(path, into: app)
        let again = try await Self.importFile(path, into: app)
        #expect(again.inserted == 0)
        #expect(again.updated == 0)
        #expect(again.unchanged == 20)
        #expect(again.daysTouched == 0)
        #expect(again.workoutsUnchanged == 2)
        #expect(again.activitySummariesUnchanged == 1)
        #expect(try Self.metric(try await Self.metrics(app, "2026-03-29"), "step_count")["total"] as? Double == 2200)
    }

    /// Routes are read on threads of their own while workouts are taken in the file's
    /// order: eleven workouts, each with a route file of its own length, one of them
    /// damaged and one not in the archive. Each workout gets its own route, the damaged
    /// file costs only its route (with an error entry), and a second import reads no route again.
    @Test func manyWorkoutsKeepTheirOwnRoutesAndADamagedFileCostsOnlyItsRoute() async throws {
        let app = TestApp { $0.defaultTimezone = "UTC" }
        let folder = try ExportFixture.temporaryDirectory()
        var entries: [(name: String, bytes: [UInt8])] = []
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        for index in 0..<11 {
            let day = String(format: "2026-04-%02d", index + 1)
            xml += """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" \
                startDate="\(day) 07:00:00 +0000" endDate="\(day) 07:30:00 +0000">
                  <WorkoutRoute sourceName="Watch" startDate="\(day) 07:00:00 +0000" endDate="\(day) 07:30:00 +0000">
                   <FileReference path="/workout-routes/route_\(index).gpx"/>
                  </WorkoutRoute>
                 </Workout>

                """
            guard index != 7 else { continue }  // not in the archive
            var gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk><trkseg>"
            for point in 0...index {
                gpx += "<trkpt lat=\"\(50 + index)\" lon=\"\(point)\"><ele>1</ele><time>\(day)T07:\(String(format: "%02d", point)):00Z</time></trkpt>"
            }
            gpx += index == 4 ? "<trkpt lat=" : "</trkseg></trk></gpx>"
            entries.append(("apple_health_export/workout-routes/route_\(index).gpx", Array(gpx.utf8)))
        }
        xml += "</HealthData>\n"
        entries.append(("apple_health_export/export.xml", Array(xml.utf8)))
        let path = try ExportFixture.zip(into: folder, name: "routes.zip", entries: entries)

        let report = try await Self.importFile(path, into: app)
        #expect(report.workoutsInserted == 11)
        #expect(report.routesLinked == 9)
        #expect(report.routesMissing == 2)
        let errors = report.errors.compactMap(\.objectValue)
        #expect(errors.count == 1)
        #expect(errors.first?["type"] == "WorkoutRoute")
        #expect(errors.first?["field"] == "FileReference")
        #expect(errors.first?["code"] == "unreadable")

        let list = await app.send(.get, "/health/workouts?from=2026-04-01&to=2026-04-11")
        let workouts = try #require(list.json["workouts"] as? [[String: Any]])
        #expect(workouts.count == 11)
        for workout in workouts {
            let day = try #require(workout["day"] as? String)
            let index = try #require(Int(day.suffix(2))) - 1
            #expect(workout["routePoints"] as? Int ?? 0 == (index == 4 || index == 7 ? 0 : index + 1), "\(day)")
        }

        let again = try await Self.importFile(path, into: app)
        #expect(again.workoutsInserted == 0)
        #expect(again.workoutsUpdated == 0)
        #expect(again.workoutsUnchanged == 11)
    }

    @Test func aBareExportXMLImportsWorkoutsWithoutTheRouteItCannotReach() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let report = try await Self.importFile(ExportFixture.xmlPath, into: app)
        #expect(report.records == 25)
        #expect(report.workoutsInserted == 2)
        #expect(report.routesLinked == 1)  // the inline one
        #expect(report.routesMissing == 1)  // the GPX file is not beside a bare XML
        #expect(try Self.metric(try await Self.metrics(app, "2026-03-30"), "step_count")["total"] as? Double == 1100)
    }

    @Test func anExportNamedInThePhonesLanguageAndAZip64ArchiveAreFound() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let folder = try ExportFixture.temporaryDirectory()
        let report = try await Self.importFile(ExportFixture.zip(into: folder, exportName: "exportar.xml", zip64: true), into: app)
        #expect(report.exportFile == "apple_health_export/exportar.xml")
        #expect(report.inserted == 20)
        #expect(report.routesLinked == 2)
    }

    @Test func aTruncatedExportSaysWhereItStoppedAndARerunCompletesIt() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let text = try String(contentsOfFile: ExportFixture.xmlPath, encoding: .utf8)
        // Cut inside the sleep records: the steps and heart rate before it are whole.
        let cut = try #require(text.range(of: "HKCategoryValueSleepAnalysisAsleepDeep"))
        let truncated = String(text[..<cut.lowerBound])
        let folder = try ExportFixture.temporaryDirectory()
        let path = folder.appendingPathComponent("export.xml").path
        try truncated.write(toFile: path, atomically: true, encoding: .utf8)
        await #expect {
            _ = try await Self.importFile(path, into: app)
        } throws: { error in
            guard let failure = error as? ImportFailure else { return false }
            return failure.message.contains("stops being readable XML after") && failure.message.contains("at byte") && failure.offset != nil
                && failure.recordsRead > 0
        }
        // What came before the cut is stored.
        #expect(try Self.metric(try await Self.metrics(app, "2026-03-29"), "step_count")["total"] as? Double == 2200)
        // The complete file finishes the import, nothing counted twice.
        _ = try await Self.importFile(ExportFixture.zip(into: folder), into: app)
        let third = try await Self.metrics(app, "2026-03-30")
        #expect(try Self.metric(third, "step_count")["total"] as? Double == 1100)
        #expect(try Self.metric(third, "sleep_segment")["asleepMinutes"] as? Double == 410)
        #expect(try Self.metric(try await Self.metrics(app, "2026-03-29"), "step_count")["total"] as? Double == 2200)
    }

    @Test func aFileThatIsNoExportGetsAClearError() async throws {
        let app = TestApp()
        let folder = try ExportFixture.temporaryDirectory()
        let text = folder.appendingPathComponent("notes.txt").path
        try "just some notes".write(toFile: text, atomically: true, encoding: .utf8)
        await #expect { _ = try await Self.importFile(text, into: app) } throws: { error in
            (error as? ImportFailure)?.message.contains("readable XML") == true
        }
        let gpx = ExportFixture.directory.appendingPathComponent("apple_health_export/workout-routes/route_2026-03-30_5.00pm.gpx").path
        await #expect { _ = try await Self.importFile(gpx, into: app) } throws: { error in
            (error as? ImportFailure)?.message.contains("root element is <gpx>") == true
        }
        let zip = try ExportFixture.zip(into: folder, exportName: "export.xml", xml: "<?xml version=\"1.0\"?><gpx></gpx>")
        await #expect { _ = try await Self.importFile(zip, into: app) } throws: { error in
            (error as? ImportFailure)?.message.contains("no Apple Health export") == true
        }
        let cut = folder.appendingPathComponent("cut.zip").path
        let whole = try Data(contentsOf: URL(fileURLWithPath: try ExportFixture.zip(into: folder, name: "whole.zip")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        await #expect { _ = try await Self.importFile(cut, into: app) } throws: { error in
            (error as? ImportFailure)?.message.contains("end-of-central-directory") == true
        }
        let raw = await app.send(.get, "/health/raw?metric=step_count&limit=10")
        #expect((raw.json["samples"] as? [[String: Any]])?.isEmpty == true)
    }

    @Test func anImportFollowedByAHealthSaveSyncOfTheSameSamplesAddsNothing() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        _ = try await Self.importFixture(into: app)
        // HealthSave v1 sends the same steps and heart rates (no ids), v2 the same with HealthKit uuids.
        let steps = await app.send(.post, "/api/apple/batch", body: """
            {"metric": "step_count", "batch_index": 0, "total_batches": 1, "samples": [
              {"startDate": "2026-03-29T08:00:00Z", "endDate": "2026-03-29T08:30:00Z", "qty": 1000, "unit": "count", "source": "Jane's iPhone"},
              {"startDate": "2026-03-28T22:30:00Z", "endDate": "2026-03-28T22:45:00Z", "qty": 100, "unit": "count", "source": "Jane’s iPhone"}]}
            """)
        #expect(steps.status == 200)
        let heart = await app.send(.post, "/api/v2/apple/batch", body: """
            {"metric": "heart_rate", "batch_index": 0, "total_batches": 1, "samples": [
              {"uuid": "6F1A2B3C-0000-4000-8000-000000000001", "date": "2026-03-29T07:00:00Z", "qty": 60, "unit": "count/min", "source": "Jane’s Apple Watch"},
              {"uuid": "6F1A2B3C-0000-4000-8000-000000000002", "date": "2026-03-29T07:05:00Z", "qty": 80, "unit": "count/min", "source": "Jane’s Apple Watch"}]}
            """)
        #expect(heart.status == 200)
        let second = try await Self.metrics(app, "2026-03-29")
        #expect(try Self.metric(second, "step_count")["total"] as? Double == 2200)
        #expect(try Self.metric(second, "step_count")["sampleCount"] as? Int == 3)
        #expect(try Self.metric(second, "heart_rate_bpm")["sampleCount"] as? Int == 2)
        #expect(try Self.metric(second, "heart_rate_bpm")["avg"] as? Double == 70)
        let raw = await app.send(.get, "/health/raw?metric=heart_rate_bpm&limit=10")
        #expect((raw.json["samples"] as? [[String: Any]])?.count == 2)
    }

    @Test func samplesAnAppSyncedWithIdsAreUnchangedWhenTheExportArrives() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let heart = await app.send(.post, "/api/v2/apple/batch", body: """
            {"metric": "heart_rate", "batch_index": 0, "total_batches": 1, "samples": [
              {"uuid": "6F1A2B3C-0000-4000-8000-000000000001", "date": "2026-03-29T07:00:00Z", "qty": 60, "unit": "count/min", "source": "Jane’s Apple Watch"},
              {"uuid": "6F1A2B3C-0000-4000-8000-000000000002", "date": "2026-03-29T07:05:00Z", "qty": 80, "unit": "count/min", "source": "Jane’s Apple Watch"}]}
            """)
        #expect(heart.status == 200)
        let report = try await Self.importFixture(into: app)
        #expect(report.inserted == 18)
        #expect(report.unchanged == 2)
        let raw = await app.send(.get, "/health/raw?metric=heart_rate_bpm&limit=10")
        let samples = try #require(raw.json["samples"] as? [[String: Any]])
        #expect(samples.count == 2)
        #expect(samples.allSatisfy { ($0["sampleKey"] as? String)?.hasPrefix("6F1A2B3C") == true })
    }

    @Test func uploadsAnEarlierRunLeftBehindAreRemovedAndNothingElse() throws {
        let folder = try ExportFixture.temporaryDirectory().path
        for name in ["upload-1a.part", "upload-2b.upload", "notes.txt", "upload-3c.json"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
        }
        #expect(ImportJobs.removeLeftovers(in: folder) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["notes.txt", "upload-3c.json"])
        #expect(ImportJobs.removeLeftovers(in: folder + "/missing") == 0)
    }

    @Test func theUploadRouteStartsAJobThatEndsWithTheReport() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let zip = try Data(contentsOf: URL(fileURLWithPath: try ExportFixture.zip(into: ExportFixture.temporaryDirectory())))
        let started = await app.send(.post, "/health/import", headers: [("Content-Type", "application/zip")], bodyBytes: Array(zip))
        #expect(started.status == 202)
        let id = try #require(started.json["id"] as? String)
        #expect(started.response.headers[.location] == "/health/import/\(id)")
        var job: [String: Any] = [:]
        for _ in 0..<200 {
            job = await app.send(.get, "/health/import/\(id)").json
            if job["finished"] as? Bool == true { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(job["status"] as? String == "done")
        #expect((job["result"] as? [String: Any])?["inserted"] as? Int == 20)
        #expect(await app.send(.get, "/health/import/imp_unknown").status == 404)
        let wrongType = await app.send(.post, "/health/import", headers: [("Content-Type", "application/json")], body: "{}")
        #expect(wrongType.status == 415)
        let empty = await app.send(.post, "/health/import", headers: [("Content-Type", "application/zip")], bodyBytes: [])
        #expect(empty.status == 400)
    }
}
