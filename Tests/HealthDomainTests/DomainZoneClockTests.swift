import Testing
@testable import HealthDomain

@Suite struct DomainZoneClockTests {
    let clock = ZoneClock()
    let hour: Int64 = 3_600_000

    /// Milliseconds of a UTC wall time, computed without Foundation.
    func utc(_ day: String, _ h: Int64, _ m: Int64 = 0) -> Int64 {
        Int64(DayKey(day)!.ordinal) * 86_400_000 + h * hour + m * 60_000
    }

    @Test func sameInstantDifferentLocalDays() {
        // 2026-04-10 20:30 UTC: 22:30 in Berlin (CEST), 05:30 on the 11th in Tokyo.
        let t = utc("2026-04-10", 20, 30)
        #expect(clock.dayKey(atMs: t, zone: "Europe/Berlin").description == "2026-04-10")
        #expect(clock.dayKey(atMs: t, zone: "Asia/Tokyo").description == "2026-04-11")
        #expect(clock.localMinuteOfDay(atMs: t, zone: "Europe/Berlin") == 22 * 60 + 30)
        #expect(clock.localMinuteOfDay(atMs: t, zone: "Asia/Tokyo") == 5 * 60 + 30)
        #expect(clock.offsetSeconds(atMs: t, zone: "Europe/Berlin") == 7200)
        #expect(clock.offsetSeconds(atMs: t, zone: "Asia/Tokyo") == 32_400)
    }

    @Test func aucklandAndLosAngelesDiffer() {
        // 2026-01-15 12:00 UTC: 01:00 on the 16th in Auckland (NZDT +13), 04:00 on the 15th in LA.
        let t = utc("2026-01-15", 12)
        #expect(clock.dayKey(atMs: t, zone: "Pacific/Auckland").description == "2026-01-16")
        #expect(clock.dayKey(atMs: t, zone: "America/Los_Angeles").description == "2026-01-15")
    }

    func length(_ day: String, _ zone: String) -> Int64 {
        let d = DayKey(day)!
        return clock.startOfDayMs(d.adding(days: 1), zone: zone) - clock.startOfDayMs(d, zone: zone)
    }

    @Test func dstDayLengths() {
        #expect(length("2026-03-08", "America/New_York") == 23 * hour)
        #expect(length("2026-11-01", "America/New_York") == 25 * hour)
        #expect(length("2026-03-07", "America/New_York") == 24 * hour)
        #expect(length("2026-03-29", "Europe/Berlin") == 23 * hour)
        #expect(length("2026-10-25", "Europe/Berlin") == 25 * hour)
        #expect(length("2026-06-01", "Asia/Tokyo") == 24 * hour)
    }

    @Test func startOfDayIsLocalMidnight() {
        // Berlin midnight of 2026-03-29 is 23:00 UTC the day before (still CET, +1).
        #expect(clock.startOfDayMs(DayKey("2026-03-29")!, zone: "Europe/Berlin") == utc("2026-03-28", 23))
        // …and of 2026-03-30 is 22:00 UTC (CEST, +2).
        #expect(clock.startOfDayMs(DayKey("2026-03-30")!, zone: "Europe/Berlin") == utc("2026-03-29", 22))
        #expect(clock.startOfDayMs(DayKey("2026-11-01")!, zone: "America/New_York") == utc("2026-11-01", 4))
        #expect(clock.startOfDayMs(DayKey("2026-11-02")!, zone: "America/New_York") == utc("2026-11-02", 5))
        #expect(clock.startOfDayMs(DayKey("2026-04-10")!, zone: "UTC") == utc("2026-04-10", 0))
    }

    @Test func nonexistentMidnightUsesFirstInstantOfDate() {
        // Chile moved clocks from 00:00 to 01:00 on 2022-09-11 (-4 → -3): the day starts at
        // the transition, 04:00 UTC, and is 23 hours long.
        let start = clock.startOfDayMs(DayKey("2022-09-11")!, zone: "America/Santiago")
        #expect(start == utc("2022-09-11", 4))
        #expect(clock.dayKey(atMs: start, zone: "America/Santiago").description == "2022-09-11")
        #expect(clock.dayKey(atMs: start - 1, zone: "America/Santiago").description == "2022-09-10")
        #expect(clock.localMinuteOfDay(atMs: start, zone: "America/Santiago") == 60)
        #expect(length("2022-09-11", "America/Santiago") == 23 * hour)
    }

    @Test func everyInstantOfADayMapsBackToIt() {
        for zone in ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "America/St_Johns"] {
            var day = DayKey("2026-03-01")!
            while day < DayKey("2026-11-30")! {
                let start = clock.startOfDayMs(day, zone: zone)
                let end = clock.startOfDayMs(day.adding(days: 1), zone: zone)
                #expect(clock.dayKey(atMs: start, zone: zone) == day)
                #expect(clock.dayKey(atMs: end - 1, zone: zone) == day)
                #expect(clock.localMinuteOfDay(atMs: start, zone: zone) == 0)
                day = day.adding(days: 1)
            }
        }
    }

    @Test func unknownZoneBehavesAsUTC() {
        let t = utc("2026-04-10", 23, 59)
        #expect(clock.dayKey(atMs: t, zone: "Mars/Olympus").description == "2026-04-10")
        #expect(clock.offsetSeconds(atMs: t, zone: "Mars/Olympus") == 0)
    }

    @Test func beforeEpochAndNegativeTimes() {
        #expect(clock.dayKey(atMs: -1, zone: "UTC").description == "1969-12-31")
        #expect(clock.localMinuteOfDay(atMs: -60_000, zone: "UTC") == 1439)
    }

    @Test func concurrentLookupsAgreeWithSerialOnes() async {
        let shared = ZoneClock()
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney"]
        let instants = (0..<2000).map { 1_767_225_600_000 + Int64($0) * 3_599_999 }
        let serial = ZoneClock()
        let expected = instants.map { t in zones.map { serial.dayKey(atMs: t, zone: $0) } }
        let results = await withTaskGroup(of: [[DayKey]].self) { group in
            for _ in 0..<8 {
                group.addTask { instants.map { t in zones.map { shared.dayKey(atMs: t, zone: $0) } } }
            }
            var all: [[[DayKey]]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
