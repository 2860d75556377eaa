import Foundation
import HealthTesting
import Testing

private func json(_ response: LoopbackHTTPClient.Response) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
}

/// The agent surfaces answer for the kinds beyond the first eight metrics, against the
/// real binary over a socket: glucose sent in mmol/L, blood pressure as systolic and
/// diastolic samples, a symptom, and a run, each asked for through `POST /health/query`.
@Suite(.serialized) struct AgentSurfacesEndToEndTests {
    static let token = "e2e-agent-token-7d2f10"

    /// Wed 8 Apr 2026, `hour`:`minute` in Europe/Berlin (UTC+2).
    static func at(_ hour: Int64, _ minute: Int64 = 0) -> Int64 { 1_775_599_200_000 + hour * 3_600_000 + minute * 60_000 }

    static func sample(_ key: String, _ metric: String, _ start: Int64, _ end: Int64, value: Double? = nil, unit: String,
                       category: String? = nil, source: String) -> String {
        var fields = ["\"sampleKey\": \"\(key)\"", "\"metric\": \"\(metric)\"", "\"startTimeMs\": \(start)", "\"endTimeMs\": \(end)",
                      "\"unit\": \"\(unit)\"", "\"sourceName\": \"\(source)\"", "\"timezone\": \"Europe/Berlin\""]
        if let value { fields.append("\"valueNumber\": \(value)") }
        if let category { fields.append("\"categoryValue\": \"\(category)\"") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    @Test func glucoseBloodPressureSymptomAndRunAnswerThroughQuery() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            let token = Self.token
            let samples = [
                Self.sample("g1", "blood_glucose", Self.at(7), Self.at(7), value: 5.5, unit: "mmol/L", source: "Contour"),
                Self.sample("g2", "blood_glucose", Self.at(19), Self.at(19), value: 6.1, unit: "mmol/L", source: "Contour"),
                Self.sample("b1", "blood_pressure_systolic", Self.at(8), Self.at(8), value: 120, unit: "mmHg", source: "Omron"),
                Self.sample("b2", "blood_pressure_diastolic", Self.at(8), Self.at(8), value: 80, unit: "mmHg", source: "Omron"),
                Self.sample("b3", "HKQuantityTypeIdentifierBloodPressureSystolic", Self.at(20), Self.at(20), value: 130, unit: "mmHg", source: "Omron"),
                Self.sample("b4", "HKQuantityTypeIdentifierBloodPressureDiastolic", Self.at(20), Self.at(20), value: 84, unit: "mmHg", source: "Omron"),
                Self.sample("h1", "headache", Self.at(14), Self.at(16), unit: "category", category: "mild", source: "Bearable"),
            ]
            let body = """
            {"samples": [\(samples.joined(separator: ", "))],
             "workouts": [{"workoutKey": "RUN-1", "activityType": "running", "startTimeMs": \(Self.at(18)), "endTimeMs": \(Self.at(18, 30)),
                           "distance": 5, "distanceUnit": "km", "activeEnergy": 350, "activeEnergyUnit": "kcal", "avgHeartRate": 150,
                           "sourceName": "Apple Watch", "timezone": "Europe/Berlin"}]}
            """
            let replies: [String: LoopbackHTTPClient.Response] = try await blocking {
                let client = try LoopbackHTTPClient(port: port)
                let ingest = try client.send(method: "POST", path: "/health/ingest", token: token, body: Array(body.utf8))
                var out = ["ingest": ingest]
                func ask(_ name: String, _ query: String) throws {
                    out[name] = try client.send(method: "POST", path: "/health/query", token: token, body: Array(query.utf8))
                }
                try ask("glucose", #"{"intent": "metric_series", "metric": "blood_glucose", "from": "2026-04-07", "to": "2026-04-08"}"#)
                try ask("pressure", #"{"intent": "metric_series", "metric": "blood_pressure", "from": "2026-04-08", "to": "2026-04-08"}"#)
                try ask("day", #"{"intent": "daily_summary", "day": "2026-04-08", "timezone": "Europe/Berlin"}"#)
                try ask("workouts", #"{"intent": "workouts", "from": "2026-04-06", "to": "2026-04-12", "timezone": "Europe/Berlin"}"#)
                return out
            }
            #expect(replies.values.allSatisfy { $0.status == 200 }, "\(replies.mapValues(\.status))")
            let answers = replies.mapValues(json)
            #expect(answers["ingest"]?["inserted"] as? Int == 7)
            #expect(answers["ingest"]?["rawOnlyMetrics"] as? [String] == [])

            // Glucose: 5.5 and 6.1 mmol/L are 99.0858 and 109.89516 mg/dL; the day's average is 104.49048.
            let glucose = try #require(answers["glucose"])
            #expect(glucose["metric"] as? String == "blood_glucose_mg_dl")
            #expect(glucose["unit"] as? String == "mg/dL")
            #expect((glucose["points"] as? [[String: Any]])?.map { $0["value"] as? Double } == [nil, 104.5])

            // Blood pressure: two readings; the day's number is the average systolic.
            let pressure = try #require(answers["pressure"])
            #expect(pressure["metric"] as? String == "blood_pressure_mmhg")
            #expect((pressure["points"] as? [[String: Any]])?.first?["value"] as? Double == 125)

            // The day in one sentence, with each kind worded by its catalog entry, and the run.
            let day = try #require(answers["day"])
            let metrics = try #require(day["metrics"] as? [String: Any])
            #expect((metrics["headache"] as? [String: Any])?["count"] as? Int == 1)
            #expect(((metrics["blood_pressure_mmhg"] as? [String: Any])?["systolic"] as? [String: Any])?["average"] as? Double == 125)
            let text = try #require(day["text"] as? String)
            for phrase in ["glucose 104 mg/dL", "blood pressure 125/82 mmHg (2 readings)", "headache ×1 (mild 1)", "Ran 5.0 km in 30 min, avg HR 150"] {
                #expect(text.contains(phrase), "\(phrase) in \(text)")
            }

            // The workouts intent lists and totals the run.
            let workouts = try #require(answers["workouts"])
            #expect((workouts["text"] as? String)?.contains("1 workout") == true, "\(workouts["text"] ?? "")")
            #expect((workouts["workouts"] as? [[String: Any]])?.count == 1)
        }
    }
}
