import Testing
@testable import HealthDomain

/// Fixed-offset zones (`UTC+09:00`): names, acceptance and day keys.
@Suite struct FixedOffsetZoneTests {
    let clock = ZoneClock()
    let hour: Int64 = 3_600_000

    func utc(_ day: String, _ h: Int64, _ m: Int64 = 0) -> Int64 {
        Int64(DayKey(day)!.ordinal) * 86_400_000 + h * hour + m * 60_000
    }

    @Test func namesRoundTrip() {
        #expect(FixedOffsetZone.offsetSeconds("UTC+09:00") == 32_400)
        #expect(FixedOffsetZone.offsetSeconds("UTC-03:30") == -12_600)
        #expect(FixedOffsetZone.offsetSeconds("UTC+00:00") == 0)
        for bad in ["UTC+9:00", "UTC+19:00", "UTC+09:60", "GMT+09:00", "UTC 09:00", "UTC+09:00 "] {
            #expect(FixedOffsetZone.offsetSeconds(bad) == nil, "\(bad)")
        }
        #expect(FixedOffsetZone.name(offsetSeconds: 32_400) == "UTC+09:00")
        #expect(FixedOffsetZone.name(offsetSeconds: -12_600) == "UTC-03:30")
        #expect(FixedOffsetZone.name(offsetSeconds: 0) == "UTC+00:00")
        #expect(FixedOffsetZone.name(offsetSeconds: 19 * 3600) == nil)
    }

    @Test func ingestAcceptsFixedOffsetNamesButNotPosixOnes() {
        #expect(KnownTimeZones.contains("UTC+09:00"))
        #expect(KnownTimeZones.contains("UTC-03:30"))
        #expect(!KnownTimeZones.contains("GMT+2"))
    }

    @Test func dayKeyOfAFixedOffset() {
        // 2026-04-10 16:30 UTC is 01:30 on the 11th at +09:00, and 13:00 on the 10th at −03:30.
        let t = utc("2026-04-10", 16, 30)
        #expect(clock.dayKey(atMs: t, zone: "UTC+09:00") == DayKey("2026-04-11"))
        #expect(clock.localMinuteOfDay(atMs: t, zone: "UTC+09:00") == 90)
        #expect(clock.dayKey(atMs: t, zone: "UTC-03:30") == DayKey("2026-04-10"))
        #expect(clock.localMinuteOfDay(atMs: t, zone: "UTC-03:30") == 13 * 60)
        // No daylight saving: every day is 24 h, starting at local midnight.
        #expect(clock.startOfDayMs(DayKey("2026-04-11")!, zone: "UTC+09:00") == utc("2026-04-10", 15))
        #expect(clock.endOfDayMs(DayKey("2026-03-29")!, zone: "UTC+09:00") - clock.startOfDayMs(DayKey("2026-03-29")!, zone: "UTC+09:00") == 24 * hour)
    }
}
