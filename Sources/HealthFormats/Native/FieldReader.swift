import JSON

/// Reads typed members out of a JSON object while collecting every issue found.
struct FieldReader {
    let members: [String: JSONValue]
    private(set) var issues: [ValidationIssue] = []

    init(members: [String: JSONValue]) { self.members = members }

    mutating func issue(_ field: String, _ code: String, _ message: String) {
        issues.append(ValidationIssue(field: field, code: code, message: message))
    }

    func hasIssue(_ field: String) -> Bool { issues.contains { $0.field == field } }

    /// A member, treating JSON null like absence (clients serialise nil optionals as null).
    private mutating func present(_ field: String, required: Bool) -> JSONValue? {
        guard let value = members[field], !value.isNull else {
            if required { issue(field, "required", "\(field) is required") }
            return nil
        }
        return value
    }

    private mutating func typeIssue(_ field: String, expected: String, got value: JSONValue) {
        issue(field, "type", "\(field) must be \(expected) (got \(value.typeName))")
    }

    /// A string of any length (lengths are a rule, see ``SampleRules``).
    mutating func string(_ field: String, required: Bool) -> String? {
        guard let value = present(field, required: required) else { return nil }
        guard case .string(let text) = value else {
            typeIssue(field, expected: "a string", got: value)
            return nil
        }
        return text
    }

    /// A required whole number of epoch milliseconds (the accepted window is a rule).
    mutating func time(_ field: String) -> Int64? {
        guard let value = present(field, required: true) else { return nil }
        guard case .number(let number) = value else {
            typeIssue(field, expected: "an integer number of epoch milliseconds", got: value)
            return nil
        }
        guard number.isFinite else {
            issue(field, "not_finite", "\(field) must be a finite number")
            return nil
        }
        guard let ms = value.int64Value else {
            issue(field, "type", "\(field) must be an integer number of epoch milliseconds (got \(Self.format(number)))")
            return nil
        }
        return ms
    }

    /// An optional member of any type, for the rules to check (metadata).
    mutating func any(_ field: String) -> JSONValue? { present(field, required: false) }

    /// An optional finite number.
    mutating func number(_ field: String) -> Double? {
        guard let value = present(field, required: false) else { return nil }
        guard case .number(let number) = value else {
            typeIssue(field, expected: "a number", got: value)
            return nil
        }
        guard number.isFinite else {
            issue(field, "not_finite", "\(field) must be a finite number (got \(number))")
            return nil
        }
        return number
    }

    /// Whole numbers without a trailing ".0", others as Swift prints them.
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
