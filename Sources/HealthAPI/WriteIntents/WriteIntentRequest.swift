import HealthDomain
import JSON
import HealthStore

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

    /// Parses and checks every field; the first problem becomes a 400 (or a 422 for a
    /// rule a schema cannot state) naming the field and rule. The value, unit, times and
    /// time zone pass the same ``SampleRules`` as ingested samples: an intent becomes a
    /// HealthKit sample that syncs back, so it must be one the ingest would take.
    static func parse(_ body: JSONValue, catalog: MetricCatalog = .standard) throws -> WriteIntentRequest {
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
                return ms
            }
        }

        guard let externalId = try string("externalId", required: true, maxLength: maxExternalIdLength), isValidExternalId(externalId) else {
            throw APIError.invalidParameter("externalId", externalIdRule, rule: "format")
        }

        let metricName = try string("metric", required: true, maxLength: 64) ?? ""
        let writable = catalog.writable.map(\.metric.rawValue)
        guard let spec = catalog.resolve(metricName), spec.writable else {
            throw APIError.invalidParameter("metric", "metric '\(metricName.prefix(64))' cannot be written; writable metrics: \(writable.joined(separator: ", "))",
                                            rule: "writable", extra: ["allowed": .array(writable.map { .string($0) })])
        }

        guard let rawValue = members["valueNumber"], !rawValue.isNull else {
            throw APIError.invalidParameter("valueNumber", "'valueNumber' is required", rule: "required")
        }
        guard let value = rawValue.doubleValue, value.isFinite else {
            throw APIError.invalidParameter("valueNumber", "'valueNumber' must be a finite number (got \(rawValue.typeName))", rule: "type")
        }
        let unit = try string("unit", required: true, maxLength: 32) ?? ""
        let start = try time("startTimeMs", required: true)
        let end = try time("endTimeMs", required: false) ?? start
        let timezone = try string("timezone", required: true, maxLength: 64) ?? ""
        guard TimezoneName.isWellFormed(timezone) else {
            throw APIError.invalidParameter("timezone", "timezone must be an IANA name such as 'Europe/Berlin': letters, digits, _ + - and '/', at most \(TimezoneName.maxLength) characters", rule: "pattern")
        }
        let note = try string("note", required: false, maxLength: WriteIntentContent.maxNoteLength)
        let source = try string("source", required: false, maxLength: WriteIntentContent.maxSourceLength)

        let draft = SampleDraft(sampleKey: externalId, metricName: spec.metric.rawValue, startTimeMs: start, endTimeMs: end,
                                value: value, unit: unit, sourceName: source, timezone: timezone)
        let sample: Sample
        switch SampleRules(catalog: catalog).validate(draft) {
        case .valid(let valid): sample = valid
        case .invalid(let issues): throw rejection(issues, spec: spec)
        }
        guard sample.durationMs <= WriteIntentContent.maxDurationMs else {
            throw APIError.unprocessable("endTimeMs", "an intent may span at most 24 hours (endTimeMs − startTimeMs ≤ 86400000)", rule: "range")
        }
        return WriteIntentRequest(externalId: externalId, content: WriteIntentContent(
            metric: spec.metric, valueNumber: value, unit: unit, canonicalValue: sample.valueNumber ?? value,
            startTimeMs: sample.startTimeMs, endTimeMs: sample.endTimeMs, timezone: sample.timezone,
            // An empty note or source says nothing; store it as absent so re-posts compare equal.
            note: note?.isEmpty == false ? note : nil, source: source?.isEmpty == false ? source : nil))
    }

    /// The first issue the sample rules found, as this route answers it: 422 for rules a
    /// schema cannot state (the metric's unit and plausible range, time order, a known
    /// time zone), 400 for the rest.
    static func rejection(_ issues: [ValidationIssue], spec: MetricSpec) -> APIError {
        guard let issue = issues.first else {
            return APIError.invalidParameter("body", "the intent is not a valid sample", rule: "invalid")
        }
        switch (issue.field, issue.code) {
        case ("unit", "unknown_value"):
            let accepted = spec.units?.names ?? []
            return APIError.unprocessable("unit", issue.message, rule: "unit", extra: ["allowed": .array(accepted.map { .string($0) })])
        case ("valueNumber", "range"):
            var extra: [String: JSONValue] = [:]
            if let range = spec.plausibleRange { extra = ["minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)] }
            return APIError.unprocessable("valueNumber", issue.message, rule: "range", extra: extra)
        case (_, "order"), (_, "timezone"):
            return APIError.unprocessable(issue.field, issue.message, rule: issue.code)
        default:
            return APIError.invalidParameter(issue.field, issue.message, rule: issue.code)
        }
    }
}
