import Testing
@testable import HealthAPI
@testable import HealthCLI
@testable import HealthStore

/// The serve flags of `/metrics`, and the token command's `metrics` scope.
@Suite struct MetricsOptionsTests {
    @Test func metricsAreOnAndNeedATokenByDefault() throws {
        let config = try ServeOptions.parse([], environment: [:])
        #expect(config.metricsEnabled)
        #expect(!config.metricsPublic)
    }

    @Test func noMetricsFromTheFlagOrTheEnvironment() throws {
        #expect(try !ServeOptions.parse(["--no-metrics"], environment: [:]).metricsEnabled)
        #expect(try !ServeOptions.parse([], environment: ["HEALTHD_NO_METRICS": "1"]).metricsEnabled)
        #expect(ServeOptions.help.contains("--no-metrics") && ServeOptions.help.contains("--public-metrics"))
    }

    @Test(arguments: ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "10.0.0.5", "172.16.0.1", "172.31.255.1", "192.168.1.10",
                      "fd12:3456::1"])
    func publicMetricsOnAPrivateAddress(host: String) throws {
        let config = try ServeOptions.parse(["--public-metrics", "--host", host], environment: [:])
        #expect(config.metricsPublic)
        #expect(try ServeOptions.parse(["--host", host], environment: ["HEALTHD_PUBLIC_METRICS": "1"]).metricsPublic)
    }

    @Test(arguments: ["0.0.0.0", "::", "203.0.113.7", "172.32.0.1", "192.169.0.1", "health.example.com", "10.0.0"])
    func publicMetricsAreRefusedOnAnyOtherAddress(host: String) {
        #expect(throws: ServeOptions.UsageError.self) { try ServeOptions.parse(["--public-metrics", "--host", host], environment: [:]) }
    }

    @Test func theTokenCommandTakesTheMetricsScope() throws {
        let options = try TokenCommand.parse(["create", "--name", "prometheus", "--scope", "metrics"], environment: [:])
        #expect(options.scopes == [.metrics])
        #expect(TokenCommand.help.contains("metrics"))
    }
}
