import Foundation
import HealthDomain
import Locking
@testable import HealthAPI

/// A 90-day Berlin history built for the judgement tests: one Apple Watch reading a day of
/// resting heart rate and HRV (07:00), a night of core sleep ending each morning, an hour
/// of steps at noon, and Move rings closed on the last nine days before today. The values
/// wander in small fixed patterns; on ``strainDay`` resting HR is 12 bpm above its usual
/// 58 and HRV 40% below its usual 50.
///
/// The history up to yesterday arrives three hours before ``morning``; last night and
/// today's readings arrive at ``morning`` (08:00 today), so they are still provisional.
enum JudgementHistory {
    static let zone = "Europe/Berlin"
    static let today = DayKey("2026-04-10")!
    static let first = today.adding(days: -89)
    /// Day index of the injected strain day (2026-04-01).
    static let strainIndex = 80
    static var strainDay: DayKey { first.adding(days: strainIndex) }
    /// 2026-04-10 08:00 in Berlin.
    static let morning: Int64 = 1_775_800_800_000
    static let historyArrival = morning - 3 * 3_600_000

    static func day(_ index: Int) -> DayKey { first.adding(days: index) }

    static func ms(_ day: DayKey, hour: Int, minute: Int = 0) -> Int64 {
        ZoneClock.shared.startOfDayMs(day, zone: zone) + Int64(hour * 60 + minute) * 60_000
    }

    static func restingHR(_ index: Int) -> Double { index == strainIndex ? 70 : 58 + Double((index * 7) % 5 - 2) * 0.7 }
    static func hrv(_ index: Int) -> Double { index == strainIndex ? 30 : 50 + Double((index * 3) % 7 - 3) * 1.5 }
    static func steps(_ index: Int) -> Double { 8000 + Double((index * 13) % 11 - 5) * 300 }
    static func asleepMinutes(_ index: Int) -> Int { 450 - ((index * 5) % 4) * 10 }

    static func reading(_ key: String, _ metric: String, _ value: Double, unit: String, at ms: Int64, minutes: Int64 = 0) -> String {
        """
        {"sampleKey": "\(key)", "metric": "\(metric)", "startTimeMs": \(ms), "endTimeMs": \(ms + minutes * 60_000), "valueNumber": \(value), "unit": "\(unit)", "sourceName": "Apple Watch", "timezone": "\(zone)"}
        """
    }

    /// The night ending on day `index`: core sleep from 23:00 (plus a few minutes) the evening before.
    static func night(_ index: Int) -> String {
        let start = ms(day(index - 1), hour: 23, minute: ((index * 5) % 4) * 10)
        let end = start + Int64(asleepMinutes(index)) * 60_000
        return """
        {"sampleKey": "night-\(index)", "metric": "sleep_segment", "startTimeMs": \(start), "endTimeMs": \(end), "categoryValue": "asleepCore", "unit": "category", "sourceName": "Apple Watch", "timezone": "\(zone)"}
        """
    }

    /// Last night and the morning readings of day `index`.
    static func morningSamples(_ index: Int) -> [String] {
        let d = day(index)
        return [night(index), reading("rhr-\(index)", "resting_heart_rate_bpm", restingHR(index), unit: "bpm", at: ms(d, hour: 7)),
                reading("hrv-\(index)", "hrv_sdnn_ms", hrv(index), unit: "ms", at: ms(d, hour: 7))]
    }

    static func daySamples(_ index: Int) -> [String] {
        morningSamples(index) + [reading("steps-\(index)", "step_count", steps(index), unit: "count", at: ms(day(index), hour: 12), minutes: 60)]
    }

    static func rings(_ index: Int, closed: Bool) -> String {
        """
        {"day": "\(day(index))", "moveKcal": \(closed ? 600 : 400), "moveGoalKcal": 500, "exerciseMinutes": 30, "exerciseGoalMinutes": 30, "standHours": 12, "standGoalHours": 12}
        """
    }

    static func body(_ samples: [String], rings: [String] = []) -> String {
        "{\"samples\": [\(samples.joined(separator: ", "))], \"activitySummaries\": [\(rings.joined(separator: ", "))]}"
    }

    /// The app with the whole history, and the clock it reads (at ``morning``).
    static func app() async -> (app: TestApp, clock: Locked<Int64>) {
        let clock = Locked<Int64>(historyArrival)
        let app = TestApp(clock: AppClock { clock.withLock { $0 } })
        let history = (0..<89).flatMap(daySamples)
        let ringDays = (79..<89).map { Self.rings($0, closed: $0 >= 80) }
        let first = await app.send(.post, "/health/ingest", body: body(history, rings: ringDays))
        precondition(first.status == 200, String(decoding: first.response.body, as: UTF8.self))
        clock.withLock { $0 = morning }
        let last = await app.send(.post, "/health/ingest", body: body(morningSamples(89)))
        precondition(last.status == 200, String(decoding: last.response.body, as: UTF8.self))
        return (app, clock)
    }
}

extension TestApp {
    /// `POST /health/query` with `body`.
    func query(_ body: String) async -> Reply { await send(.post, "/health/query", body: body) }
}
