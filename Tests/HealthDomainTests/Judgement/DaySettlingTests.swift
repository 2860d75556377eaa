import Testing
@testable import HealthDomain

/// Day status: provisional until the local day ends and for two hours after a sample
/// arrives; nights keep their own 45-minute / 20-minute rule.
@Suite struct DaySettlingTests {
    let hour: Int64 = 3_600_000

    @Test func aDayIsProvisionalUntilItEndsInItsZone() {
        let day = DayKey("2026-03-10")!
        let end = ZoneClock.shared.endOfDayMs(day, zone: "Asia/Tokyo")
        #expect(DaySettling.status(of: day, zone: "Asia/Tokyo", lastArrivalMs: nil, nowMs: end - 1) == .provisional)
        #expect(DaySettling.status(of: day, zone: "Asia/Tokyo", lastArrivalMs: nil, nowMs: end) == .settled)
        // The same instant is still the 10th in New York: provisional there.
        #expect(DaySettling.status(of: day, zone: "America/New_York", lastArrivalMs: nil, nowMs: end) == .provisional)
    }

    @Test func aRecentArrivalKeepsAnEndedDayProvisional() {
        let end: Int64 = 1_000 * hour
        #expect(DaySettling.status(dayEndMs: end, lastArrivalMs: end + 5 * hour, nowMs: end + 5 * hour + 2 * hour - 1) == .provisional)
        #expect(DaySettling.status(dayEndMs: end, lastArrivalMs: end + 5 * hour, nowMs: end + 7 * hour) == .settled)
        #expect(DaySettling.status(dayEndMs: end, lastArrivalMs: end - hour, nowMs: end + 30 * 60_000) == .provisional)
    }

    @Test func aDSTDayEndsAfter23Hours() {
        // 2026-03-08 in New York is 23 hours long.
        let day = DayKey("2026-03-08")!
        let start = ZoneClock.shared.startOfDayMs(day, zone: "America/New_York")
        #expect(DaySettling.status(of: day, zone: "America/New_York", lastArrivalMs: nil, nowMs: start + 23 * hour) == .settled)
        #expect(DaySettling.status(of: day, zone: "America/New_York", lastArrivalMs: nil, nowMs: start + 23 * hour - 1) == .provisional)
    }

    @Test func nightsUseTheirOwnRule() {
        let now: Int64 = 2_000 * hour
        #expect(DaySettling.nightStatus(lastSegmentEndMs: now - 44 * 60_000, lastArrivalMs: nil, nowMs: now) == .provisional)
        #expect(DaySettling.nightStatus(lastSegmentEndMs: now - 45 * 60_000, lastArrivalMs: nil, nowMs: now) == .settled)
        #expect(DaySettling.nightStatus(lastSegmentEndMs: now - 5 * hour, lastArrivalMs: now - 19 * 60_000, nowMs: now) == .provisional)
        #expect(DaySettling.nightStatus(lastSegmentEndMs: now - 5 * hour, lastArrivalMs: now - 20 * 60_000, nowMs: now) == .settled)
        #expect(DaySettling.nightStatus(lastSegmentEndMs: nil, lastArrivalMs: now, nowMs: now) == .settled)
    }

    @Test func statusesCombine() {
        #expect(DayStatus.combined([.settled, .provisional]) == .provisional)
        #expect(DayStatus.combined([DayStatus]()) == .settled)
        #expect(DayStatus.provisional.rawValue == "provisional" && DayStatus.settled.rawValue == "settled")
    }
}
