import Foundation
import HealthDomain
import JSON
import Testing
@testable import HealthAPI

/// The judgement intents (readiness, anomalies, records, correlation), `detail`, and the
/// day status of day aggregates, through the router on ``JudgementHistory``.
@Suite struct JudgementIntentTests {
    typealias H = JudgementHistory

    static func text(_ reply: TestApp.Reply) -> String { String(decoding: reply.response.body, as: UTF8.self) }

    @Test func theInjectedDayIsAnAnomalyAndAStrainDayAndLowersReadiness() async throws {
        let (app, _) = await H.app()
        let strainDay = H.strainDay.description
        let reply = await app.query(#"{"intent": "anomalies", "from": "\#(H.day(30))", "to": "\#(H.today)", "timezone": "Europe/Berlin"}"#)
        #expect(reply.status == 200, "\(Self.text(reply))")
        let anomalies = try #require(reply.json["anomalies"] as? [[String: Any]])
        let onDay = anomalies.filter { $0["day"] as? String == strainDay }
        let heart = try #require(onDay.first { $0["metric"] as? String == "resting_heart_rate_bpm" })
        #expect(heart["direction"] as? String == "above" && heart["value"] as? Double == 70)
        #expect((heart["z"] as? Double ?? 0) >= 3)
        #expect((heart["baseline"] as? [String: Any])?["centre"] as? Double == 58)
        #expect(((heart["baseline"] as? [String: Any])?["inputs"] as? [Any])?.count == 28)
        let hrv = try #require(onDay.first { $0["metric"] as? String == "hrv_sdnn_ms" })
        #expect(hrv["direction"] as? String == "below" && (hrv["z"] as? Double ?? 0) <= -3)
        // Nothing else in the range lies that far out.
        #expect(Set(anomalies.compactMap { $0["day"] as? String }) == [strainDay])

        let strain = try #require(reply.json["strain"] as? [[String: Any]])
        #expect(strain.count == 1)
        #expect(strain.first?["day"] as? String == strainDay && strain.first?["met"] as? Int == 2)
        let outcomes = Dictionary(uniqueKeysWithValues: (strain.first?["checks"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0["outcome"] as? String ?? "") })
        #expect(outcomes == ["resting_heart_rate_raised": "met", "hrv_lowered": "met", "respiratory_rate_raised": "unknown",
                             "wrist_temperature_raised": "unknown", "short_sleep": "not_met"])
        #expect((reply.json["text"] as? String)?.contains("strain signal on 1 day") == true)

        func readiness(_ day: DayKey) async throws -> [String: Any] {
            let answer = await app.query(#"{"intent": "readiness", "date": "\#(day)", "timezone": "Europe/Berlin"}"#)
            #expect(answer.status == 200, "\(Self.text(answer))")
            return answer.json
        }
        let before = try await readiness(H.strainDay.adding(days: -1))
        let during = try await readiness(H.strainDay)
        #expect(before["status"] as? String == "scored" && during["status"] as? String == "scored")
        let beforeScore = try #require(before["score"] as? Int), duringScore = try #require(during["score"] as? Int)
        #expect(duringScore < beforeScore)
        #expect(during["band"] as? String == "low")
        let components = try #require(during["components"] as? [[String: Any]])
        #expect(components.map { $0["name"] as? String } == ["hrv", "resting_heart_rate", "asleep"])
        // The arithmetic is shown: points add up to the raw score around 70.
        let points = components.compactMap { $0["points"] as? Double }.reduce(0, +)
        #expect(abs(70 + points - (during["rawScore"] as? Double ?? 0)) < 0.05)
        #expect((components.first?["baseline"] as? [String: Any])?["inputs"] is [Any])
        #expect((during["text"] as? String)?.hasPrefix("Readiness \(duringScore) (low): HRV 40% below your baseline, resting HR 12 bpm above your baseline, slept") == true)

        // The daily summary says it too, after its own sentence.
        let summary = await app.send(.get, "/health/summary/daily?day=\(strainDay)&timezone=Europe/Berlin")
        let text = try #require(summary.json["text"] as? String)
        #expect(text.contains("Readiness \(duringScore) (low): HRV 40% below your baseline"))
        #expect(text.contains("Unusual for you: HRV 30 ms vs a usual 50 ms (z -4.5), resting HR 70 bpm vs a usual 58 bpm (z "))
        #expect(text.contains("Strain signal: resting HR raised, HRV lowered."))
        #expect((summary.json["readiness"] as? [String: Any])?["score"] as? Int == duringScore)
        #expect((summary.json["anomalies"] as? [[String: Any]])?.count == 2)
        #expect(((summary.json["strain"] as? [String: Any])?["met"] as? [String]) == ["resting_heart_rate_raised", "hrv_lowered"])
    }

    /// Full anomaly answers carry each metric's baseline band per day: the day's median
    /// and spread, from the day the window first holds 10 days; the strain day's band is
    /// the baseline its anomaly was judged against. Brief answers leave it out.
    @Test func fullAnomalyAnswersCarryEachDaysBaselineBand() async throws {
        let (app, _) = await H.app()
        let early = await app.query(#"{"intent": "anomalies", "from": "\#(H.day(8))", "to": "\#(H.day(15))", "metrics": ["resting_heart_rate_bpm"]}"#)
        #expect(early.status == 200, "\(Self.text(early))")
        let bands = try #require(early.json["bands"] as? [String: [String: [Any]]])
        #expect(bands.keys.sorted() == ["resting_heart_rate_bpm"])
        let heart = try #require(bands["resting_heart_rate_bpm"])
        // Days 8 and 9 have 8 and 9 days before them: too few for a baseline.
        #expect(heart["days"] as? [String] == (10...15).map { H.day($0).description })
        #expect(heart["centre"]?.count == 6 && heart["spread"]?.count == 6)
        // Day 12's centre is the median of days 0…11.
        let window = (0..<12).map(H.restingHR).sorted()
        let median = (window[5] + window[6]) / 2
        let centre = try #require(heart["centre"]?[2] as? Double)
        #expect(abs(centre - median) < 0.006, "\(centre) vs \(median)")
        #expect((heart["spread"] as? [Double])?.allSatisfy { $0 > 0 } == true)

        let around = await app.query(#"{"intent": "anomalies", "from": "\#(H.day(75))", "to": "\#(H.day(85))", "metrics": ["resting_heart_rate_bpm", "hrv_sdnn_ms"]}"#)
        let aroundBands = try #require(around.json["bands"] as? [String: [String: [Any]]])
        #expect(aroundBands.keys.sorted() == ["hrv_sdnn_ms", "resting_heart_rate_bpm"])
        let anomalies = try #require(around.json["anomalies"] as? [[String: Any]])
        for anomaly in anomalies {
            let metric = try #require(anomaly["metric"] as? String)
            let band = try #require(aroundBands[metric])
            let index = try #require((band["days"] as? [String])?.firstIndex(of: H.strainDay.description))
            let baseline = try #require(anomaly["baseline"] as? [String: Any])
            #expect(band["centre"]?[index] as? Double == baseline["centre"] as? Double, "\(metric)")
            #expect(band["spread"]?[index] as? Double == baseline["spread"] as? Double, "\(metric)")
            // The value lies outside centre ± 3 spreads.
            let value = try #require(anomaly["value"] as? Double)
            let spread = try #require(band["spread"]?[index] as? Double), middle = try #require(band["centre"]?[index] as? Double)
            #expect(abs(value - middle) >= 3 * spread, "\(metric)")
        }
        #expect(Set(anomalies.compactMap { $0["metric"] as? String }) == ["hrv_sdnn_ms", "resting_heart_rate_bpm"])

        let brief = await app.query(#"{"intent": "anomalies", "from": "\#(H.day(75))", "to": "\#(H.day(85))", "detail": "brief"}"#)
        #expect(brief.status == 200 && brief.json["bands"] == nil)
    }

    @Test func lastNightStillSyncingIsProvisional() async throws {
        let (app, clock) = await H.app()
        let reply = await app.query(#"{"intent": "readiness", "timezone": "Europe/Berlin"}"#)
        #expect(reply.status == 200)
        #expect(reply.json["day"] as? String == H.today.description)
        #expect(reply.json["lastNightSettling"] as? String == "provisional")
        #expect(reply.json["settling"] as? String == "provisional")
        let asleep = (reply.json["components"] as? [[String: Any]])?.first { $0["name"] as? String == "asleep" }
        #expect(asleep?["settling"] as? String == "provisional")
        #expect((reply.json["text"] as? String)?.contains(", provisional):") == true)
        // Half an hour on, nothing new arrived and the night ended long ago: the night settles (the day has not ended).
        clock.withLock { $0 += 30 * 60_000 }
        let later = await app.query(#"{"intent": "readiness", "timezone": "Europe/Berlin"}"#)
        #expect(later.json["lastNightSettling"] as? String == "settled")
        #expect(later.json["settling"] as? String == "provisional")
    }

    @Test func dailyAggregatesSayProvisionalOrSettledAndWhenASettledDayWasRevised() async throws {
        let (app, clock) = await H.app()
        let revisedDay = H.day(50)
        clock.withLock { $0 += 60_000 }
        let revisionAt = clock.withLock { $0 }
        // A late sample for a day settled long ago, and a change to today's reading (today never settled).
        let late = H.reading("steps-late-50", "step_count", 1000, unit: "count", at: H.ms(revisedDay, hour: 18), minutes: 30)
        let todayChange = H.reading("hrv-89", "hrv_sdnn_ms", 51, unit: "ms", at: H.ms(H.today, hour: 7))
        #expect(await app.send(.post, "/health/ingest", body: H.body([late, todayChange])).status == 200)

        let reply = await app.send(.get, "/health/daily?from=\(H.day(49))&to=\(H.today)&timezone=Europe/Berlin")
        #expect(reply.status == 200, "\(Self.text(reply))")
        #expect(reply.json["timezone"] as? String == "Europe/Berlin")
        let days = try #require(reply.json["days"] as? [[String: Any]])
        func day(_ key: DayKey) -> [String: Any]? { days.first { $0["dayKey"] as? String == key.description } }
        func metric(_ key: DayKey, _ name: String) -> [String: Any]? { (day(key)?["metrics"] as? [String: Any])?[name] as? [String: Any] }

        let settled = try #require(day(H.day(49)))
        #expect(settled["settling"] as? String == "settled" && settled["revisedAtMs"] is NSNull)
        #expect(metric(H.day(49), "step_count")?["settling"] as? String == "settled")
        #expect(metric(H.day(49), "sleep_segment")?["settling"] as? String == "settled")

        let revised = try #require(day(revisedDay))
        #expect(revised["revisedAtMs"] as? Int64 == revisionAt)
        #expect(metric(revisedDay, "step_count")?["revisedAtMs"] as? Int64 == revisionAt)
        #expect(metric(revisedDay, "step_count")?["total"] as? Double == H.steps(50) + 1000)
        // It just received a sample: provisional again for two hours; its other metrics were not revised.
        #expect(metric(revisedDay, "step_count")?["settling"] as? String == "provisional")
        #expect(metric(revisedDay, "hrv_sdnn_ms")?["revisedAtMs"] is NSNull)
        #expect(metric(revisedDay, "hrv_sdnn_ms")?["settling"] as? String == "settled")

        let today = try #require(day(H.today))
        #expect(today["settling"] as? String == "provisional" && today["revisedAtMs"] is NSNull)
        #expect(metric(H.today, "hrv_sdnn_ms")?["avg"] as? Double == 51)

        clock.withLock { $0 += 2 * 3_600_000 }
        let later = await app.send(.get, "/health/daily?from=\(revisedDay)&to=\(revisedDay)&metric=step_count&timezone=Europe/Berlin")
        let again = try #require((later.json["days"] as? [[String: Any]])?.first)
        #expect(again["settling"] as? String == "settled" && again["revisedAtMs"] as? Int64 == revisionAt)

        // The daily summary carries the same status per metric.
        let summary = await app.send(.get, "/health/summary/daily?day=\(revisedDay)&timezone=Europe/Berlin")
        let steps = (summary.json["metrics"] as? [String: Any])?["step_count"] as? [String: Any]
        #expect(steps?["settling"] as? String == "settled" && steps?["revisedAtMs"] as? Int64 == revisionAt)
        #expect(summary.json["settling"] as? String == "settled")
        // A well-formed timezone the server does not know is a 422, a malformed one a 400.
        #expect(await app.send(.get, "/health/daily?from=\(revisedDay)&to=\(revisedDay)&timezone=Mars/Olympus").status == 422)
        #expect(await app.send(.get, "/health/daily?from=\(revisedDay)&to=\(revisedDay)&timezone=not%20a%20zone").status == 400)
    }

    @Test func briefAnswersStayUnderTheBoundAndSayWhatFullAdds() async throws {
        let (app, _) = await H.app()
        let from = H.today.adding(days: -365)
        for body in [
            #"{"intent": "anomalies", "from": "\#(from)", "to": "\#(H.today)", "threshold": 2, "detail": "brief"}"#,
            #"{"intent": "range_summary", "from": "\#(from)", "to": "\#(H.today)", "detail": "brief"}"#,
            #"{"intent": "readiness", "date": "\#(H.strainDay)", "detail": "brief"}"#,
            #"{"intent": "records", "metric": "step_count", "goal": 8000, "detail": "brief"}"#,
            #"{"intent": "correlation", "metricA": "step_count", "metricB": "sleep_segment", "from": "\#(H.first)", "to": "\#(H.today)", "detail": "brief"}"#,
            #"{"intent": "daily_summary", "day": "\#(H.strainDay)", "detail": "brief"}"#,
            #"{"intent": "sleep_report", "from": "\#(H.day(30))", "to": "\#(H.today)", "detail": "brief"}"#,
        ] {
            let reply = await app.query(body)
            #expect(reply.status == 200, "\(body): \(Self.text(reply))")
            #expect(reply.response.body.count < Limits.briefAnswerCharacters, "\(body): \(reply.response.body.count) bytes")
            #expect(reply.json["detail"] as? String == "brief", "\(body)")
            #expect((reply.json["more"] as? String)?.hasPrefix("full adds") == true, "\(body)")
        }
        // Brief keeps the figures it shows identical to full.
        let brief = await app.query(#"{"intent": "anomalies", "from": "\#(from)", "to": "\#(H.today)", "threshold": 2, "detail": "brief"}"#)
        let full = await app.query(#"{"intent": "anomalies", "from": "\#(from)", "to": "\#(H.today)", "threshold": 2}"#)
        #expect(full.json["detail"] == nil && full.json["more"] == nil)
        #expect((full.json["counts"] as? NSDictionary) == (brief.json["counts"] as? NSDictionary))
        let fullRange = await app.query(#"{"intent": "range_summary", "from": "\#(from)", "to": "\#(H.today)"}"#)
        let briefRange = await app.query(#"{"intent": "range_summary", "from": "\#(from)", "to": "\#(H.today)", "detail": "brief"}"#)
        #expect(fullRange.json["text"] as? String == briefRange.json["text"] as? String)
        #expect(fullRange.json["provenance"] != nil && briefRange.json["provenance"] == nil)
    }

    @Test func correlationGivesPairsAndAPValue() async throws {
        let (app, _) = await H.app()
        let reply = await app.query(#"{"intent": "correlation", "metricA": "steps", "metricB": "sleep_segment", "from": "\#(H.first)", "to": "\#(H.day(88))"}"#)
        #expect(reply.status == 200, "\(Self.text(reply))")
        #expect(reply.json["metricA"] as? String == "step_count")
        #expect(reply.json["status"] as? String == "computed")
        #expect(reply.json["n"] as? Int == 89)
        #expect(reply.json["degreesOfFreedom"] as? Int == 87)
        let p = try #require(reply.json["pValue"] as? Double)
        #expect(p >= 0 && p <= 1)
        let rho = try #require(reply.json["rho"] as? Double)
        #expect(abs(rho) <= 1)
        #expect((reply.json["pairs"] as? [Any])?.count == 89)
        #expect((reply.json["text"] as? String)?.hasPrefix("Over 89 paired days") == true)
        let lagged = await app.query(#"{"intent": "correlation", "metricA": "step_count", "metricB": "sleep_segment", "from": "\#(H.first)", "to": "\#(H.day(88))", "lagDays": 1}"#)
        #expect(lagged.json["n"] as? Int == 88)
        let first = (lagged.json["pairs"] as? [[String: Any]])?.first
        #expect(first?["day"] as? String == H.first.description && first?["dayB"] as? String == H.day(1).description)
        let short = await app.query(#"{"intent": "correlation", "metricA": "step_count", "metricB": "hrv_sdnn_ms", "from": "\#(H.day(80))", "to": "\#(H.day(88))"}"#)
        #expect(short.json["status"] as? String == "insufficient" && short.json["rho"] is NSNull)
    }

    @Test func recordsGiveBestAndWorstWithDatesAndStreaks() async throws {
        let (app, _) = await H.app()
        let steps = (0..<89).map(H.steps)
        let best = steps.indices.max { (steps[$0], $1) < (steps[$1], $0) }!
        let worst = steps.indices.min { (steps[$0], $0) < (steps[$1], $1) }!
        let reply = await app.query(#"{"intent": "records", "metric": "step_count", "goal": 8000, "timezone": "Europe/Berlin"}"#)
        #expect(reply.status == 200, "\(Self.text(reply))")
        #expect(reply.json["from"] as? String == H.first.description && reply.json["to"] as? String == H.today.description)
        #expect((reply.json["best"] as? [String: Any])?["day"] as? String == H.day(best).description)
        #expect((reply.json["best"] as? [String: Any])?["value"] as? Double == steps[best])
        #expect((reply.json["worst"] as? [String: Any])?["day"] as? String == H.day(worst).description)
        #expect((reply.json["worst"] as? [String: Any])?["value"] as? Double == steps[worst])
        #expect((reply.json["bestWeek"] as? [String: Any])?["label"] is String)
        #expect((reply.json["bestMonth"] as? [String: Any])?["label"] is String)
        let streaks = try #require(reply.json["streaks"] as? [String: Any])
        #expect(streaks["daysMet"] as? Int == steps.filter { $0 >= 8000 }.count)
        #expect((reply.json["text"] as? String)?.contains("best \(SummaryText.integer(steps[best])) steps on \(SummaryText.date(H.day(best)))") == true)

        // Right after a sync every summed day is provisional: it can only grow, so none is the worst yet.
        let fresh = TestApp(clock: .fixed(H.morning))
        #expect(await fresh.send(.post, "/health/ingest", body: H.body((80..<89).flatMap(H.daySamples))).status == 200)
        let syncing = await fresh.query(#"{"intent": "records", "metric": "step_count", "to": "\#(H.day(88))"}"#)
        #expect((syncing.json["best"] as? [String: Any])?["settling"] as? String == "provisional")
        #expect(syncing.json["worst"] is NSNull)
        #expect((syncing.json["text"] as? String)?.contains("no worst day yet (every day is still provisional)") == true)

        // Lower is better for resting heart rate: the strain day is its worst.
        let heart = await app.query(#"{"intent": "records", "metric": "resting_heart_rate_bpm", "from": "\#(H.first)", "to": "\#(H.day(88))"}"#)
        #expect(heart.json["lowerIsBetter"] as? Bool == true)
        #expect((heart.json["worst"] as? [String: Any])?["day"] as? String == H.strainDay.description)
        #expect((heart.json["best"] as? [String: Any])?["value"] as? Double == 56.6)
        #expect(heart.json["bestWeek"] is NSNull && heart.json["streaks"] is NSNull)

        // A ring goal: Move closed on the nine days before today; today has no rings yet, so it is open.
        let rings = await app.query(#"{"intent": "records", "metric": "active_energy_kcal", "goal": "ring:move", "timezone": "Europe/Berlin"}"#)
        #expect(rings.status == 200, "\(Self.text(rings))")
        let ringStreaks = try #require(rings.json["streaks"] as? [String: Any])
        #expect(ringStreaks["daysMet"] as? Int == 9)
        #expect((ringStreaks["longest"] as? [String: Any])?["length"] as? Int == 9)
        #expect((ringStreaks["current"] as? [String: Any])?["start"] as? String == H.day(80).description)
        #expect((ringStreaks["current"] as? [String: Any])?["end"] as? String == H.day(88).description)
        #expect(ringStreaks["lastDayOpen"] as? Bool == true)
        #expect((rings.json["goal"] as? [String: Any])?["ring"] as? String == "move")
    }

    @Test(arguments: [
        (#"{"intent": "daily_summary", "day": "2026-04-01", "detail": "short"}"#, "detail", "enum"),
        (#"{"intent": "range_summary", "from": "2026-04-01", "to": "2026-04-02", "detail": 1}"#, "detail", "type"),
        (#"{"intent": "readiness", "detail": null}"#, "detail", "type"),
        (#"{"intent": "anomalies", "from": "2026-04-01", "to": "2026-04-02", "threshold": 5}"#, "threshold", "range"),
        (#"{"intent": "anomalies", "from": "2025-01-01", "to": "2026-04-02"}"#, "to", "maxRange"),
        (#"{"intent": "anomalies", "from": "2026-04-01", "to": "2026-04-02", "metrics": ["pulse_of_the_moon"]}"#, "metrics[0]", "enum"),
        (#"{"intent": "records", "metric": "step_count", "goal": "ring:swim"}"#, "goal", "enum"),
        (#"{"intent": "records", "metric": "step_count", "goal": true}"#, "goal", "type"),
        (#"{"intent": "records", "metric": "step_count", "goal": 1e10}"#, "goal", "range"),
        (#"{"intent": "records", "metric": "step_count", "from": "2026-04-02", "to": "2026-04-01"}"#, "from", "order"),
        (#"{"intent": "records", "metric": "step_count", "from": "2099-01-01"}"#, "from", "order"),
        (#"{"intent": "correlation", "metricA": "step_count", "metricB": "step_count", "from": "2026-03-01", "to": "2026-04-01"}"#, "metricB", "distinct"),
        (#"{"intent": "correlation", "metricA": "step_count", "metricB": "hrv_sdnn_ms", "from": "2026-03-01", "to": "2026-04-01", "lagDays": 2}"#, "lagDays", "enum"),
        (#"{"intent": "correlation", "metricA": "step_count", "from": "2026-03-01", "to": "2026-04-01"}"#, "metricB", "required"),
        (#"{"intent": "readiness", "date": "2026-02-30"}"#, "date", "date"),
    ])
    func wrongJudgementQueriesAre400NamingFieldAndRule(body: String, field: String, rule: String) async {
        let app = TestApp()
        let reply = await app.query(body)
        #expect(reply.status == 400, "\(body): \(Self.text(reply))")
        #expect(reply.errorDetails?["field"] as? String == field, "\(body): \(Self.text(reply))")
        #expect(reply.errorDetails?["rule"] as? String == rule, "\(body): \(Self.text(reply))")
        #expect(reply.errorDetails?["intent"] is String)
    }

    @Test(arguments: [
        #"{"intent": "readiness", "date": "0001-01-01"}"#,
        #"{"intent": "readiness", "date": "9999-12-31", "detail": "brief"}"#,
        #"{"intent": "anomalies", "from": "0001-01-01", "to": "0001-12-31"}"#,
        #"{"intent": "anomalies", "from": "9999-01-01", "to": "9999-12-31", "threshold": 4}"#,
        #"{"intent": "records", "metric": "sleep_segment", "to": "0001-01-01", "goal": "ring:all"}"#,
        #"{"intent": "records", "metric": "body_mass_kg", "from": "9999-12-31", "to": "9999-12-31", "goal": -1e9}"#,
        #"{"intent": "correlation", "metricA": "hrv_sdnn_ms", "metricB": "hrv_sdnn_ms", "from": "0001-01-01", "to": "0010-12-31", "lagDays": 1}"#,
    ])
    func theEdgesOfTheCalendarAnswer(body: String) async {
        let (app, _) = await H.app()
        let reply = await app.query(body)
        #expect(reply.status == 200, "\(body): \(Self.text(reply))")
        #expect(reply.json["text"] is String)
    }

    @Test func readinessWithoutBaselinesIsUnknownAndSaysWhy() async throws {
        let app = TestApp(clock: .fixed(H.morning))
        #expect(await app.send(.post, "/health/ingest", body: H.body(H.morningSamples(89))).status == 200)
        let reply = await app.query(#"{"intent": "readiness", "date": "\#(H.today)", "timezone": "Europe/Berlin"}"#)
        #expect(reply.json["status"] as? String == "unknown" && reply.json["score"] is NSNull && reply.json["band"] is NSNull)
        let reasons = (reply.json["missing"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }
        #expect(reasons == ["insufficient_baseline", "insufficient_baseline", "insufficient_baseline"])
        #expect((reply.json["text"] as? String)?.hasPrefix("Readiness unknown: HRV baseline too short (0 of 10 days)") == true)
        // The daily summary's sentence stays as it was when readiness is unknown.
        let summary = await app.send(.get, "/health/summary/daily?day=\(H.today)&timezone=Europe/Berlin")
        #expect((summary.json["text"] as? String)?.contains("Readiness") == false)
        #expect((summary.json["readiness"] as? [String: Any])?["status"] as? String == "unknown")
    }
}
