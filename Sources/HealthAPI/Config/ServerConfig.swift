import HTTPTransport
import HealthDomain
import HealthStore

/// Everything `healthd serve` can be told, with the embedded defaults that let it start
/// on a fresh machine with no set-up.
public struct ServerConfig: Sendable {
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    public var databasePath: String = "./data/health.sqlite"
    /// Read the bearer token from this file (used when `PRIVATE_API_BEARER_TOKEN` is unset).
    public var tokenFile: String?
    public var maxBodyBytes: Int = 16 * 1024 * 1024
    /// Largest export `POST /health/import` accepts (streamed to disk, never held in memory).
    public var maxImportBytes: Int = 8 * 1024 * 1024 * 1024
    public var maxConnections: Int = 1024
    /// Treat the last `X-Forwarded-For` entry as the client address (only behind a proxy you run).
    public var trustForwardedFor: Bool = false
    /// Failed authentications one client address may make before it is throttled.
    public var authFailureBurst: Int = 10
    /// Seconds for one failure allowance to come back.
    public var authFailureRefillSeconds: Double = 6
    /// Requests a minute one client address may make to the on-phone read API's routes
    /// (`/health-data`, `/types`, `/info`, `/ping`).
    public var readRateLimit: Int = 60
    /// The id of this server's one user (a UUID): observations for any other `xuser_id`
    /// are refused. Nil means the id generated on first start and kept in the database.
    public var userID: String?
    /// Source priority for cross-source de-duplication, as comma-separated name
    /// fragments (best first); nil means watches, then phones, then the rest.
    public var sourcePriority: String?
    /// Acknowledged tries of a write intent before it is `dead`.
    public var intentMaxAttempts: Int = 8
    /// Upper bound of the first write-intent retry delay, in seconds (it doubles per try).
    public var intentRetryBaseSeconds: Int = 30
    /// No write-intent retry waits longer than this, in seconds.
    public var intentRetryCapSeconds: Int = 6 * 3600
    /// The IANA timezone summaries use when a request names none; nil means the timezone
    /// of the most recent sample, else UTC.
    public var defaultTimezone: String?
    /// Write one log line per request to standard error.
    public var requestLog: Bool = true
    /// Count requests and ingests and serve `GET /metrics` (`--no-metrics` turns both off).
    public var metricsEnabled: Bool = true
    /// Serve `GET /metrics` without a token (`--public-metrics`, only on a private address).
    public var metricsPublic: Bool = false
    /// How long the writer may run one job before `GET /ready` calls it stuck, in seconds.
    public var readyWriterStallSeconds: Double = 30

    public init() {}

    /// Where uploaded exports wait for their import: `imports/` beside the database.
    public var importDirectory: String {
        let folder = databasePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? (databasePath.hasPrefix("/") ? "" : ".") : folder) + "/imports"
    }

    /// The parsed source priority.
    public var priority: SourcePriority {
        sourcePriority.map { SourcePriority(parsing: $0) } ?? .default
    }

    /// The retry policy of the write-intent queue.
    public var retryPolicy: RetryPolicy {
        RetryPolicy(maxAttempts: intentMaxAttempts, baseDelayMs: Int64(intentRetryBaseSeconds) * 1000, capDelayMs: Int64(intentRetryCapSeconds) * 1000)
    }

    /// The transport configuration these settings imply.
    public var transport: HTTPServerConfiguration {
        var config = HTTPServerConfiguration()
        config.host = host
        config.port = port
        config.maxBodyBytes = maxBodyBytes
        config.maxConnections = maxConnections
        // Exports are spooled to a folder beside the database: the same disk, so the
        // import job takes the upload over with a rename.
        config.uploadSpooling = UploadSpooling(directory: importDirectory, maxBytes: maxImportBytes) { method, path in
            method == .post && path == "/health/import"
        }
        return config
    }
}
