import HealthAPI
import HealthDomain
import HealthStore

/// Parses `healthd serve` flags and environment variables into a `ServerConfig`.
/// Flags win over environment variables, which win over the embedded defaults.
public enum ServeOptions {
    public struct UsageError: Error, CustomStringConvertible, Equatable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public static let help = """
    Usage: healthd serve [options]

    Starts the HTTP API. With no options it listens on 127.0.0.1:8080, keeps its data in
    ./data/health.sqlite and, on first start, generates a bearer token beside it.
    Once ready it prints exactly one line to standard output: listening on http://HOST:PORT
    Request logs (one line per request, never a value or a token) go to standard error.

    Options:
      --host HOST               address to bind (default 127.0.0.1; 0.0.0.0 or :: for all)   [HEALTHD_HOST]
      --port PORT               TCP port, 0 picks a free one (default 8080)                   [HEALTHD_PORT]
      --db PATH                 SQLite database file (default ./data/health.sqlite)            [HEALTHD_DB]
      --token-file PATH         read the bearer token from PATH (used when
                                PRIVATE_API_BEARER_TOKEN is not set)                         [HEALTHD_TOKEN_FILE]
      --max-body-bytes N        largest request body after de-chunking (default 16777216)    [HEALTHD_MAX_BODY_BYTES]
      --max-import-bytes N      largest export POST /health/import takes, spooled to disk (default 8589934592)    [HEALTHD_MAX_IMPORT_BYTES]
      --max-connections N       open connections before new ones get 503 (default 1024)     [HEALTHD_MAX_CONNECTIONS]
      --source-priority LIST    comma-separated source name fragments, best first, for
                                cross-source de-duplication (default: watches, then phones,
                                then the rest); changing it rebuilds the day aggregates     [HEALTHD_SOURCE_PRIORITY]
      --intent-max-attempts N   tries of a write intent before it is dead (default 8)         [HEALTHD_INTENT_MAX_ATTEMPTS]
      --intent-retry-base-seconds N
                                first retry delay bound; doubles per try, full jitter
                                (default 30)                                                  [HEALTHD_INTENT_RETRY_BASE_SECONDS]
      --intent-retry-cap-seconds N
                                longest retry delay (default 21600, 6 h)                      [HEALTHD_INTENT_RETRY_CAP_SECONDS]
      --timezone ZONE           IANA timezone for summaries when a request names none
                                (default: the timezone of the most recent sample, else UTC)   [HEALTHD_TIMEZONE]
      --auth-failure-burst N    failed authentications an address may make at once before
                                it gets 429 (default 10; one more every 6 s)                [HEALTHD_AUTH_FAILURE_BURST]
      --read-rate-limit N       requests a minute one address may make to the read API
                                (/health-data, /types, /info, /ping; default 60)             [HEALTHD_READ_RATE_LIMIT]
      --user-id UUID            the user observation batches must name as xuser_id
                                (default: generated on first start, kept in the database)    [HEALTHD_USER_ID]
      --trust-forwarded-for     take the client address from the last X-Forwarded-For hop
                                (only behind a reverse proxy you run)                       [HEALTHD_TRUST_FORWARDED_FOR=1]
      --no-metrics              no GET /metrics and no request or ingest counting         [HEALTHD_NO_METRICS=1]
      --public-metrics          GET /metrics without a token; only with --host on a loopback
                                or private address (127.0.0.0/8, ::1, 10/8, 172.16/12,
                                192.168/16, fc00::/7)                                        [HEALTHD_PUBLIC_METRICS=1]
    \(mqttHelp)
      --quiet                   no request log
      -h, --help                this help

    Environment:
      PRIVATE_API_BEARER_TOKEN  the bearer token clients must send as 'Authorization: Bearer <token>'.
                                If unset and --token-file is not given, a 256-bit token is generated
                                on first start into healthd.token (mode 0600) beside the database.
    """

    public static func parse(_ arguments: [String], environment: [String: String]) throws -> ServerConfig {
        var config = ServerConfig()
        if let v = environment["HEALTHD_HOST"], !v.isEmpty { config.host = v }
        if let v = environment["HEALTHD_PORT"], !v.isEmpty { config.port = try port(v, flag: "HEALTHD_PORT") }
        if let v = environment["HEALTHD_DB"], !v.isEmpty { config.databasePath = v }
        if let v = environment["HEALTHD_TOKEN_FILE"], !v.isEmpty { config.tokenFile = v }
        if let v = environment["HEALTHD_MAX_BODY_BYTES"], !v.isEmpty { config.maxBodyBytes = try positive(v, flag: "HEALTHD_MAX_BODY_BYTES") }
        if let v = environment["HEALTHD_MAX_IMPORT_BYTES"], !v.isEmpty { config.maxImportBytes = try positive(v, flag: "HEALTHD_MAX_IMPORT_BYTES") }
        if let v = environment["HEALTHD_MAX_CONNECTIONS"], !v.isEmpty { config.maxConnections = try positive(v, flag: "HEALTHD_MAX_CONNECTIONS") }
        if let v = environment["HEALTHD_AUTH_FAILURE_BURST"], !v.isEmpty { config.authFailureBurst = try positive(v, flag: "HEALTHD_AUTH_FAILURE_BURST") }
        if let v = environment["HEALTHD_READ_RATE_LIMIT"], !v.isEmpty { config.readRateLimit = try positive(v, flag: "HEALTHD_READ_RATE_LIMIT") }
        if let v = environment["HEALTHD_USER_ID"], !v.isEmpty { config.userID = try userID(v, flag: "HEALTHD_USER_ID") }
        if environment["HEALTHD_TRUST_FORWARDED_FOR"] == "1" { config.trustForwardedFor = true }
        if environment["HEALTHD_NO_METRICS"] == "1" { config.metricsEnabled = false }
        if environment["HEALTHD_PUBLIC_METRICS"] == "1" { config.metricsPublic = true }
        if let v = environment["HEALTHD_SOURCE_PRIORITY"], !v.isEmpty { config.sourcePriority = v }
        if let v = environment["HEALTHD_INTENT_MAX_ATTEMPTS"], !v.isEmpty { config.intentMaxAttempts = try positive(v, flag: "HEALTHD_INTENT_MAX_ATTEMPTS") }
        if let v = environment["HEALTHD_INTENT_RETRY_BASE_SECONDS"], !v.isEmpty { config.intentRetryBaseSeconds = try positive(v, flag: "HEALTHD_INTENT_RETRY_BASE_SECONDS") }
        if let v = environment["HEALTHD_INTENT_RETRY_CAP_SECONDS"], !v.isEmpty { config.intentRetryCapSeconds = try positive(v, flag: "HEALTHD_INTENT_RETRY_CAP_SECONDS") }
        if let v = environment["HEALTHD_TIMEZONE"], !v.isEmpty { config.defaultTimezone = try timezone(v, flag: "HEALTHD_TIMEZONE") }

        var reader = ArgumentReader(arguments)
        while let argument = reader.nextFlag() {
            func next() throws -> String { try reader.value() }
            switch argument {
            case "--host": config.host = try next()
            case "--port": config.port = try port(try next(), flag: "--port")
            case "--db": config.databasePath = try next()
            case "--token-file": config.tokenFile = try next()
            case "--max-body-bytes": config.maxBodyBytes = try positive(try next(), flag: "--max-body-bytes")
            case "--max-import-bytes": config.maxImportBytes = try positive(try next(), flag: "--max-import-bytes")
            case "--max-connections": config.maxConnections = try positive(try next(), flag: "--max-connections")
            case "--intent-max-attempts": config.intentMaxAttempts = try positive(try next(), flag: "--intent-max-attempts")
            case "--intent-retry-base-seconds": config.intentRetryBaseSeconds = try positive(try next(), flag: "--intent-retry-base-seconds")
            case "--intent-retry-cap-seconds": config.intentRetryCapSeconds = try positive(try next(), flag: "--intent-retry-cap-seconds")
            case "--auth-failure-burst": config.authFailureBurst = try positive(try next(), flag: "--auth-failure-burst")
            case "--read-rate-limit": config.readRateLimit = try positive(try next(), flag: "--read-rate-limit")
            case "--user-id": config.userID = try userID(try next(), flag: "--user-id")
            case "--trust-forwarded-for": config.trustForwardedFor = true
            case "--source-priority": config.sourcePriority = try next()
            case "--timezone": config.defaultTimezone = try timezone(try next(), flag: "--timezone")
            case "--no-metrics": config.metricsEnabled = false
            case "--public-metrics": config.metricsPublic = true
            case "--quiet": config.requestLog = false
            default: throw UsageError("unknown option '\(argument)' (see healthd serve --help)")
            }
        }
        if config.host.isEmpty { throw UsageError("--host must not be empty") }
        if config.databasePath.isEmpty { throw UsageError("--db must not be empty") }
        if config.metricsPublic, !isPrivateAddress(config.host) {
            throw UsageError("--public-metrics needs --host on a loopback or private address (got '\(config.host)'); otherwise give the scraper a token with the metrics scope")
        }
        if config.intentRetryCapSeconds < config.intentRetryBaseSeconds {
            throw UsageError("--intent-retry-cap-seconds (\(config.intentRetryCapSeconds)) must not be below --intent-retry-base-seconds (\(config.intentRetryBaseSeconds))")
        }
        return config
    }

    /// Whether `host` is a loopback or private address (RFC 1918, RFC 4193), where an open
    /// `/metrics` reaches only the machine or its network. `0.0.0.0` and `::` (every
    /// interface) are not.
    static func isPrivateAddress(_ host: String) -> Bool {
        let host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if host == "localhost" || host == "::1" { return true }
        let lower = host.lowercased()
        if lower.hasPrefix("fc") || lower.hasPrefix("fd"), lower.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
        guard parts.count == 4, host.split(separator: ".", omittingEmptySubsequences: false).count == 4 else { return false }
        switch (parts[0], parts[1]) {
        case (127, _), (10, _), (192, 168): return true
        case (172, 16...31): return true
        default: return false
        }
    }

    static func port(_ text: String, flag: String) throws -> Int {
        guard let n = Int(text), (0...65535).contains(n) else { throw UsageError("\(flag) must be a port number 0–65535 (got '\(text)')") }
        return n
    }

    static func timezone(_ text: String, flag: String) throws -> String {
        guard KnownTimeZones.contains(text) else { throw UsageError("\(flag) must be an IANA timezone such as Europe/Berlin (got '\(text)')") }
        return text
    }

    static func userID(_ text: String, flag: String) throws -> String {
        guard UserIdentity.isUUID(text) else { throw UsageError("\(flag) must be a UUID such as 550e8400-e29b-41d4-a716-446655440000 (got '\(text.prefix(40))')") }
        return text.lowercased()
    }

    static func positive(_ text: String, flag: String) throws -> Int {
        guard let n = Int(text), n > 0 else { throw UsageError("\(flag) must be a positive integer (got '\(text)')") }
        return n
    }
}
