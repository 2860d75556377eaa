import HealthDomain
@testable import HealthFormats
import Testing

/// Dates as Health Auto Export writes them, parsed by a pure function.
@Suite struct HealthAutoExportDateTests {
    // 2026-05-14T21:00:00Z
    static let instant: Int64 = 1_778_792_400_000

    @Test(arguments: [
        "2026-05-14 23:00:00 +0200",
        "2026-05-14 23:00:00 +02:00",
        "2026-05-14 11:00:00 PM +0200",
        "2026-05-14 11:00:00\u{202F}PM +0200",
        "2026-05-14 11:00:00\u{00A0}pm +0200",
        "2026-05-14T23:00:00+02:00",
        "2026-05-14T23:00:00.000+0200",
    ])
    func spellingsOfOneInstant(text: String) throws {
        let date = try #require(HealthAutoExportDate.parse(text))
        #expect(date.ms == Self.instant)
        #expect(date.offsetSeconds == 7200)
        #expect(date.zone == "UTC+02:00")
    }

    @Test func utcAndNegativeOffsetsAndFractions() throws {
        #expect(HealthAutoExportDate.parse("2026-05-14T21:00:00Z") == HealthAutoExportDate(ms: Self.instant, offsetSeconds: 0))
        #expect(HealthAutoExportDate.parse("2026-05-14 17:30:00 -0330") == HealthAutoExportDate(ms: Self.instant, offsetSeconds: -12_600))
        #expect(HealthAutoExportDate.parse("2026-05-14T21:00:00.25Z")?.ms == Self.instant + 250)
        #expect(HealthAutoExportDate.parse("2026-05-14 17:30:00 -0330")?.zone == "UTC-03:30")
    }

    @Test func twelveHourClockEdges() {
        // 12 AM is midnight, 12 PM noon; single-digit hours as en_US writes them.
        let midnight: Int64 = 1_778_716_800_000
        let earlyMs = HealthAutoExportDate.parse("2026-05-14 12:05:00 AM +0000")?.ms
        let noonMs = HealthAutoExportDate.parse("2026-05-14 12:05:00 PM +0000")?.ms
        let nineMs = HealthAutoExportDate.parse("2026-05-14 9:00:00 AM +0000")?.ms
        #expect(earlyMs == midnight + 300_000)
        #expect(noonMs == midnight + 43_500_000)
        #expect(nineMs == midnight + 32_400_000)
        #expect(HealthAutoExportDate.parse("2026-05-14 13:00:00 PM +0000") == nil)
    }

    @Test(arguments: [
        "", "2026-05-14", "2026-05-14 23:00:00", "14.05.2026 23:00", "2026-02-30 10:00:00 +0000", "2026-05-14 24:00:00 +0000",
        "2026-05-14 23:00:00 +2500", "2026-05-14 23:00:00 +0200 extra", "yesterday",
    ])
    func rejectsWhatItCannotPlace(text: String) {
        #expect(HealthAutoExportDate.parse(text) == nil)
    }
}
