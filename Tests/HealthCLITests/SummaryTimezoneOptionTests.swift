import Testing
@testable import HealthCLI

@Suite struct SummaryTimezoneOptionTests {
    @Test func timezoneFlagAndVariableAreValidated() throws {
        #expect(try ServeOptions.parse(["--timezone", "Europe/Berlin"], environment: [:]).defaultTimezone == "Europe/Berlin")
        #expect(try ServeOptions.parse([], environment: ["HEALTHD_TIMEZONE": "Asia/Tokyo"]).defaultTimezone == "Asia/Tokyo")
        #expect(throws: ServeOptions.UsageError.self) { try ServeOptions.parse(["--timezone", "Berlin"], environment: [:]) }
        #expect(ServeOptions.help.contains("HEALTHD_TIMEZONE"))
    }
}
