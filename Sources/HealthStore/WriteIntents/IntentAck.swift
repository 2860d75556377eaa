import HealthDomain
import JSON

/// One element of a `POST /health/write-intents/ack` batch: what the phone did with one
/// version of one intent.
public struct IntentAck: Sendable, Equatable {
    public enum Result: String, Sendable, CaseIterable {
        /// Written into HealthKit (final).
        case applied
        /// The write failed; see `retryable`.
        case failed
        /// Deliberately not written (final).
        case skipped
    }

    public var externalId: String
    public var version: Int
    public var result: Result
    public var error: String?
    /// For `failed`: whether trying again may succeed. Defaults to true.
    public var retryable: Bool
    public var healthKitUUID: String?
    /// The `attempts` value the phone saw when it pulled the intent; lets the server tell a
    /// repeated ack of one try from a new try.
    public var attempt: Int?

    public init(externalId: String, version: Int, result: Result, error: String? = nil, retryable: Bool = true,
                healthKitUUID: String? = nil, attempt: Int? = nil) {
        self.externalId = externalId
        self.version = version
        self.result = result
        self.error = error
        self.retryable = retryable
        self.healthKitUUID = healthKitUUID
        self.attempt = attempt
    }

    /// Why one batch element is not an ack: the field, the rule it broke and a message
    /// saying what is allowed. The batch answers it in place (outcome `invalid`).
    public struct Invalid: Error, Sendable, Equatable {
        public var field: String
        public var message: String
        public var rule: String

        public init(_ field: String, _ message: String, rule: String) {
            self.field = field
            self.message = message
            self.rule = rule
        }
    }
}

/// What the server did with one ack.
public struct AckOutcome: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The ack changed the intent.
        case accepted
        /// The same ack (or an earlier try's) was already recorded: nothing changed.
        case duplicate
        /// Nothing to do: the intent is cancelled or dead and the ack reports no write.
        case ignored
        /// The ack names an older version; the newer version stays offered.
        case staleVersion = "stale_version"
        /// The ack names a version the server never issued.
        case unknownVersion = "unknown_version"
        /// The ack contradicts a final state (e.g. `failed` for an applied intent, or another UUID).
        case conflict
        case notFound = "not_found"
        case invalid

        /// Whether the item counts as refused in the batch summary.
        public var isRefused: Bool { !(self == .accepted || self == .duplicate || self == .ignored) }
    }

    public var kind: Kind
    public var externalId: String?
    public var version: Int?
    /// The intent after the ack, when it exists.
    public var intent: WriteIntent?
    public var message: String?
    public var field: String?
    public var rule: String?

    public init(kind: Kind, externalId: String? = nil, version: Int? = nil, intent: WriteIntent? = nil, message: String? = nil,
                field: String? = nil, rule: String? = nil) {
        self.kind = kind
        self.externalId = externalId
        self.version = version
        self.intent = intent
        self.message = message
        self.field = field
        self.rule = rule
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "outcome": .string(kind.rawValue),
            "externalId": JSONValue(externalId),
            "version": version.map { JSONValue($0) } ?? .null,
        ]
        if let intent {
            members["status"] = .string(intent.status.rawValue)
            members["currentVersion"] = JSONValue(intent.version)
            members["attempts"] = JSONValue(intent.attempts)
            members["nextRetryAt"] = intent.nextRetryAt.map { JSONValue($0) } ?? .null
        }
        if let message { members["message"] = .string(message) }
        if let field { members["field"] = .string(field) }
        if let rule { members["rule"] = .string(rule) }
        return .object(members)
    }
}
