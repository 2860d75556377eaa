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

    static let allowedFields: Set<String> = ["externalId", "version", "result", "error", "retryable", "healthKitUUID", "attempt"]

    /// Parses one batch element, or says which field broke which rule.
    static func parse(_ element: JSONValue) -> Swift.Result<IntentAck, Invalid> {
        guard case .object(let members) = element else {
            return .failure(Invalid("ack", "each ack must be an object (got \(element.typeName))", rule: "type"))
        }
        for key in members.keys.sorted() where !allowedFields.contains(key) {
            return .failure(Invalid(key, "unknown field '\(key)'; allowed: \(allowedFields.sorted().joined(separator: ", "))", rule: "unknown"))
        }
        guard case .string(let externalId)? = members["externalId"] else {
            return .failure(Invalid("externalId", "'externalId' is required and must be a string", rule: "required"))
        }
        guard WriteIntentRequest.isValidExternalId(externalId) else {
            return .failure(Invalid("externalId", WriteIntentRequest.externalIdRule, rule: "format"))
        }
        guard let version = members["version"]?.int64Value, version >= 1, version <= Int64(Int32.max) else {
            return .failure(Invalid("version", "'version' is required: the integer version of the intent that was pulled (≥ 1)", rule: "required"))
        }
        guard case .string(let resultText)? = members["result"], let result = Result(rawValue: resultText) else {
            return .failure(Invalid("result", "'result' must be one of applied, failed, skipped", rule: "enum"))
        }
        var ack = IntentAck(externalId: externalId, version: Int(version), result: result)
        switch members["error"] {
        case nil, .null?: break
        case .string(let text)?: ack.error = String(text.prefix(Limits.ackErrorLength))
        case let other?: return .failure(Invalid("error", "'error' must be a string (got \(other.typeName))", rule: "type"))
        }
        switch members["retryable"] {
        case nil, .null?: break
        case .bool(let flag)?: ack.retryable = flag
        case let other?: return .failure(Invalid("retryable", "'retryable' must be a boolean (got \(other.typeName))", rule: "type"))
        }
        switch members["healthKitUUID"] {
        case nil, .null?: break
        case .string(let uuid)? where (1...256).contains(uuid.count): ack.healthKitUUID = uuid
        case .some: return .failure(Invalid("healthKitUUID", "'healthKitUUID' must be a string of 1–256 characters", rule: "type"))
        }
        switch members["attempt"] {
        case nil, .null?: break
        case let value?:
            guard let attempt = value.int64Value, attempt >= 0, attempt <= Int64(Int32.max) else {
                return .failure(Invalid("attempt", "'attempt' must be the non-negative integer `attempts` the intent had when pulled", rule: "type"))
            }
            ack.attempt = Int(attempt)
        }
        return .success(ack)
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
