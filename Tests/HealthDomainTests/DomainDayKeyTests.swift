import Testing
@testable import HealthDomain

@Suite struct DomainDayKeyTests {
    @Test func epochAndKnownOrdinals() {
        #expect(DayKey("1970-01-01")?.ordinal == 0)
        #expect(DayKey("1970-01-02")?.ordinal == 1)
        #expect(DayKey("1969-12-31")?.ordinal == -1)
        #expect(DayKey("2000-03-01")?.ordinal == 11_017)
        // 2026-04-10: 56 years incl. 14 leap days (1972…2024) = 20_454 days to 2026-01-01, + 99.
        #expect(DayKey("2026-04-10")?.ordinal == 20_553)
        #expect(DayKey(ordinal: 20_553).description == "2026-04-10")
    }

    @Test func leapYears() {
        #expect(DayKey("2024-02-29") != nil)
        #expect(DayKey("2000-02-29") != nil)
        #expect(DayKey("1900-02-29") == nil)
        #expect(DayKey("2026-02-29") == nil)
        #expect(DayKey("2024-02-29")!.adding(days: 1).description == "2024-03-01")
        #expect(DayKey("2023-02-28")!.adding(days: 1).description == "2023-03-01")
        #expect(DayKey("2024-12-31")!.ordinal - DayKey("2024-01-01")!.ordinal == 365)
    }

    @Test(arguments: [
        "2026-13-01", "2026-4-1", "2026-04-1", "2026-00-10", "2026-04-00", "2026-04-31",
        "26-04-10", "2026/04/10", "2026-04-10 ", " 2026-04-10", "２０２６-04-10", "", "abcd-ef-gh",
        "+026-04-10", "2026-04-10T00:00",
    ])
    func rejectsInvalid(_ text: String) {
        #expect(DayKey(text) == nil)
    }

    @Test func roundTripsEveryDayOverFourCenturies() {
        var previous: DayKey?
        for ordinal in stride(from: -25_000, through: 120_000, by: 1) {
            let day = DayKey(ordinal: ordinal)
            let parsed = DayKey(day.description)
            #expect(parsed == day)
            if parsed != day { break }
            if let previous { #expect(previous < day) }
            previous = day
        }
    }

    @Test func weekdayAndComponents() {
        #expect(DayKey("1970-01-01")!.weekday == 4)  // Thursday
        #expect(DayKey("2026-04-10")!.weekday == 5)  // Friday
        #expect(DayKey("2026-04-12")!.weekday == 7)  // Sunday
        #expect(DayKey("1969-12-29")!.weekday == 1)  // Monday
        let day = DayKey("2026-04-10")!
        #expect(day.year == 2026 && day.month == 4 && day.day == 10)
        #expect(DayKey(year: 2026, month: 2, day: 29) == nil)
        #expect(DayKey(year: 2026, month: 4, day: 10) == day)
    }
}
