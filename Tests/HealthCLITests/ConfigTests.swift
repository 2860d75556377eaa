import Foundation
import Testing
@testable import HealthAPI
@testable import HealthCLI

@Suite struct ConfigTests {
    func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "healthd-config-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func defaultsNeedNoSetUp() throws {
        let config = try ServeOptions.parse([], environment: [:])
        #expect(config.host == "127.0.0.1")
        #expect(config.port == 8080)
        #expect(config.databasePath == "./data/health.sqlite")
        #expect(config.maxBodyBytes == 16 * 1024 * 1024)
        #expect(config.tokenFile == nil)
    }

    @Test func flagsOverrideEnvironment() throws {
        let config = try ServeOptions.parse(["--port", "0", "--host=::1", "--db", "/tmp/x.sqlite", "--max-body-bytes", "1024", "--token-file", "/t"],
                                            environment: ["HEALTHD_PORT": "9000", "HEALTHD_DB": "/env.sqlite"])
        #expect(config.port == 0)
        #expect(config.host == "::1")
        #expect(config.databasePath == "/tmp/x.sqlite")
        #expect(config.maxBodyBytes == 1024)
        #expect(config.tokenFile == "/t")
        #expect(try ServeOptions.parse([], environment: ["HEALTHD_PORT": "9000"]).port == 9000)
    }

    @Test func readRateLimitAndUserIdFromFlagsOrEnvironment() throws {
        let defaults = try ServeOptions.parse([], environment: [:])
        #expect(defaults.readRateLimit == 60)
        #expect(defaults.userID == nil)
        let env = try ServeOptions.parse([], environment: ["HEALTHD_READ_RATE_LIMIT": "5", "HEALTHD_USER_ID": "550E8400-E29B-41D4-A716-446655440000"])
        #expect(env.readRateLimit == 5)
        #expect(env.userID == "550e8400-e29b-41d4-a716-446655440000")
        let flags = try ServeOptions.parse(["--read-rate-limit", "1000", "--user-id", "11111111-2222-4333-8444-555555555555"],
                                           environment: ["HEALTHD_READ_RATE_LIMIT": "5"])
        #expect(flags.readRateLimit == 1000)
        #expect(flags.userID == "11111111-2222-4333-8444-555555555555")
        #expect(ServeOptions.help.contains("--read-rate-limit") && ServeOptions.help.contains("HEALTHD_USER_ID"))
    }

    @Test(arguments: [["--port", "70000"], ["--port"], ["--bogus"], ["--max-body-bytes", "0"], ["--port", "abc"], ["--host", ""],
                      ["--read-rate-limit", "0"], ["--user-id", "bob"]])
    func badFlagsAreUsageErrors(arguments: [String]) {
        #expect(throws: ServeOptions.UsageError.self) { try ServeOptions.parse(arguments, environment: [:]) }
    }

    @Test func helpExplainsEveryFlagAndVariable() {
        for word in ["--host", "--port", "--db", "--token-file", "--max-body-bytes", "--max-connections", "--trust-forwarded-for", "PRIVATE_API_BEARER_TOKEN", "HEALTHD_PORT", "HEALTHD_DB"] {
            #expect(ServeOptions.help.contains(word), "\(word)")
        }
        #expect(CommandLineTool.help.contains("serve"))
    }

    @Test func environmentTokenWinsOverFileAndGeneration() throws {
        let dir = temporaryDirectory()
        let file = dir + "/token"
        try "from-file\n".write(toFile: file, atomically: true, encoding: .utf8)
        let resolved = try TokenProvider.resolve(environment: ["PRIVATE_API_BEARER_TOKEN": "from-env"], tokenFile: file, databasePath: dir + "/h.sqlite")
        #expect(resolved == .init(token: "from-env", origin: .environment))
        let fromFile = try TokenProvider.resolve(environment: [:], tokenFile: file, databasePath: dir + "/h.sqlite")
        #expect(fromFile == .init(token: "from-file", origin: .file(file)))
        #expect(!FileManager.default.fileExists(atPath: dir + "/healthd.token"))
    }

    @Test func generatedTokenIs256BitsMode0600AndReusedOnNextStart() throws {
        let dir = temporaryDirectory() + "/nested/data"
        let first = try TokenProvider.resolve(environment: [:], tokenFile: nil, databasePath: dir + "/health.sqlite")
        let path = dir + "/healthd.token"
        #expect(first.origin == .generated(path))
        #expect(first.token.count == 64)
        #expect(first.token.allSatisfy { $0.isHexDigit })
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let second = try TokenProvider.resolve(environment: [:], tokenFile: nil, databasePath: dir + "/health.sqlite")
        #expect(second == .init(token: first.token, origin: .existingGenerated(path)))
        #expect(TokenProvider.generate() != TokenProvider.generate())
    }

    @Test func unreadableOrEmptyTokenFileIsAnError() throws {
        let dir = temporaryDirectory()
        #expect(throws: TokenProvider.TokenError.self) { try TokenProvider.resolve(environment: [:], tokenFile: dir + "/missing", databasePath: dir + "/h.sqlite") }
        try "  \n".write(toFile: dir + "/empty", atomically: true, encoding: .utf8)
        #expect(throws: TokenProvider.TokenError.self) { try TokenProvider.resolve(environment: [:], tokenFile: dir + "/empty", databasePath: dir + "/h.sqlite") }
    }

    @Test func generatedTokenPathSitsBesideTheDatabase() {
        #expect(TokenProvider.generatedTokenPath(forDatabase: "./data/health.sqlite") == "./data/healthd.token")
        #expect(TokenProvider.generatedTokenPath(forDatabase: "health.sqlite") == "./healthd.token")
        #expect(TokenProvider.generatedTokenPath(forDatabase: "/var/lib/healthd/h.sqlite") == "/var/lib/healthd/healthd.token")
    }

    @Test func logTimestampsAndDurations() {
        #expect(RequestLog.timestamp(0) == "1970-01-01T00:00:00.000Z")
        #expect(RequestLog.timestamp(1_775_779_200_123) == "2026-04-10T00:00:00.123Z")
        #expect(RequestLog.timestamp(-1) == "1969-12-31T23:59:59.999Z")
        #expect(RequestLog.milliseconds(1234) == "1.234")
        #expect(RequestLog.milliseconds(5) == "0.005")
    }
}
