import HealthDomain
import JSON

/// A validated `POST /health/write-intents` body.
struct WriteIntentRequest: Sendable, Equatable {
    var externalId: String
    var content: WriteIntentContent

    static let allowedFields: Set<String> = ["externalId", "metric", "valueNumber", "unit", "startTimeMs", "endTimeMs", "timezone", "note", "source"]

    /// The longest externalId; it becomes HealthKit's sync identifier and a URL segment.
    static let maxExternalIdLength = 200

    /// Whether `id` is 1–200 characters of letters, digits and `. _ - : @ ~ +`: safe in
    /// a URL path segment without encoding, and unambiguous in logs.
    static func isValidExternalId(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= maxExternalIdLength, !reservedExternalIds.contains(id) else { return false }
        return id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "~"), UInt8(ascii: "+")].contains(byte)
        }
    }

    /// Names of the static routes beside `/health/write-intents/{externalId}`: an intent
    /// with such an id could never be fetched or cancelled by path.
    static let reservedExternalIds: Set<String> = ["pending", "ack"]

    static let externalIdRule = "externalId must be 1–200 characters of letters, digits and . _ - : @ ~ + (it becomes HealthKit's sync identifier), and not 'pending' or 'ack'"

    /// Parses and checks every field; the first problem becomes a 400 naming the field and rule.
    static func parse(_ body: JSONValue) throws -> WriteIntentRequest {
        guard case .object(let members) = body else {
            throw APIError.invalidParameter("body", "the body must be a JSON object describing one write intent (got \(body.typeName))", rule: "type")
        }
        for key in members.keys.sorted() where !allowedFields.contains(key) {
            throw APIError.invalidParameter(key, "unknown field '\(key)'; allowed: \(allowedFields.sorted().joined(separator: ", "))", rule: "unknown")
        }
        func string(_ name: String, required: Bool, maxLength: Int) throws -> String? {
            switch members[name] {
            case nil:
                if required { throw APIError.invalidParameter(name, "'\(name)' is required", rule: "required") }
                return nil
            case .null? where required:
                throw APIError.invalidParameter(name, "'\(name)' is required", rule: "required")
            case .string(let s)?:
                guard s.count <= maxLength else { throw APIError.invalidParameter(name, "'\(name)' must be at most \(maxLength) characters (got \(s.count))", rule: "length") }
                if required, s.isEmpty { throw APIError.invalidParameter(name, "'\(name)' must not be empty", rule: "length") }
                return s
            case let other?:
                throw APIError.invalidParameter(name, "'\(name)' must be a string (got \(other.typeName))", rule: "type")
            }
        }
        func time(_ name: String, required: Bool) throws -> Int64? {
            switch members[name] {
            case nil:
                if required { throw APIError.invalidParameter(name, "'\(name)' is required (Unix epoch milliseconds)", rule: "required") }
                return nil
            case .null? where required:
                throw APIError.invalidParameter(name, "'\(name)' is required (Unix epoch milliseconds)", rule: "required")
            case let value?:
                guard let ms = value.int64Value else {
                    throw APIError.invalidParameter(name, "'\(name)' must be an integer number of Unix epoch milliseconds (got \(value.typeName))", rule: "type")
                }
                guard ms >= SampleValidator.earliestMs, ms < SampleValidator.latestMs else {
                    throw APIError.invalidParameter(name, "'\(name)' must be between 1970-01-01 and 2100-01-01 (got \(ms))", rule: "range")
                }
                return ms
            }
        }

        let externalId = try string("externalId", required: true, maxLength: maxExternalIdLength)!
        guard isValidExternalId(externalId) else { throw APIError.invalidParameter("externalId", externalIdRule, rule: "format") }

        let metricName = try string("metric", required: true, maxLength: 64)!
        let writable = WriteIntentContent.writableMetrics.map(\.rawValue)
        guard writable.contains(metricName) else {
            throw APIError.invalidParameter("metric", "metric '\(metricName.prefix(64))' cannot be written; writable metrics: \(writable.joined(separator: ", "))",
                                            rule: "writable", extra: ["allowed": .array(writable.map { .string($0) })])
        }
        let metric = Metric(rawValue: metricName)

        guard let rawValue = members["valueNumber"], !rawValue.isNull else {
            throw APIError.invalidParameter("valueNumber", "'valueNumber' is required", rule: "required")
        }
        guard let value = rawValue.doubleValue, value.isFinite else {
            throw APIError.invalidParameter("valueNumber", "'valueNumber' must be a finite number (got \(rawValue.typeName))", rule: "type")
        }
        let unit = try string("unit", required: true, maxLength: 32)!
        let accepted = metric.acceptedUnits?.map(\.unit) ?? []
        guard let canonical = metric.canonicalValue(value, unit: unit) else {
            throw APIError.unprocessable("unit", "unit '\(unit)' is not accepted for \(metric); accepted: \(accepted.joined(separator: ", "))",
                                            rule: "unit", extra: ["allowed": .array(accepted.map { .string($0) })])
        }
        if let range = metric.plausibleRange, !range.contains(canonical) {
            throw APIError.unprocessable("valueNumber", "valueNumber for \(metric) must be between \(range.lowerBound) and \(range.upperBound) \(metric.unit ?? "")",
                                            rule: "range", extra: ["minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)])
        }

        let start = try time("startTimeMs", required: true)!
        let end = try time("endTimeMs", required: false) ?? start
        guard end >= start else { throw APIError.unprocessable("endTimeMs", "endTimeMs must be ≥ startTimeMs (got \(end) < \(start))", rule: "order") }
        guard end - start <= WriteIntentContent.maxDurationMs else {
            throw APIError.unprocessable("endTimeMs", "an intent may span at most 24 hours (endTimeMs − startTimeMs ≤ 86400000)", rule: "range")
        }
        let timezone = try string("timezone", required: true, maxLength: 64)!
        guard TimezoneName.isWellFormed(timezone) else {
            throw APIError.invalidParameter("timezone", "timezone must be an IANA name such as 'Europe/Berlin': letters, digits, _ + - and '/', at most \(TimezoneName.maxLength) characters", rule: "pattern")
        }
        guard KnownTimeZones.contains(timezone) else {
            throw APIError.unprocessable("timezone", "timezone '\(timezone.prefix(64))' is not a known IANA time zone (use a name such as 'Europe/Berlin')", rule: "timezone")
        }
        let note = try string("note", required: false, maxLength: WriteIntentContent.maxNoteLength)
        let source = try string("source", required: false, maxLength: WriteIntentContent.maxSourceLength)

        return WriteIntentRequest(externalId: externalId, content: WriteIntentContent(
            metric: metric, valueNumber: value, unit: unit, canonicalValue: canonical, startTimeMs: start, endTimeMs: end, timezone: timezone,
            // An empty note or source says nothing; store it as absent so re-posts compare equal.
            note: note?.isEmpty == false ? note : nil, source: source?.isEmpty == false ? source : nil))
    }
}
