import HealthDomain
import HealthStore
import JSON

extension IntentAck {
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
