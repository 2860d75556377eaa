import HealthDomain
import JSON

/// Reads typed members out of a JSON object while collecting every issue found: the
/// native adapter's type checks (ranges, lengths and the rest are the rules').
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
            issue(field, "type", "\(field) must be an integer number of epoch milliseconds (got \(NumberText.format(number)))")
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

    /// The points of an optional timeline member (an array of objects), each read by
    /// `read`; nil with an issue when the member is not such an array.
    mutating func points<Point>(_ field: String, _ read: (_ point: [String: JSONValue], _ path: String, _ reader: inout PointReader) -> Point) -> [Point]? {
        guard let value = present(field, required: false) else { return nil }
        guard case .array(let items) = value else {
            typeIssue(field, expected: "an array", got: value)
            return nil
        }
        var reader = PointReader()
        var points: [Point] = []
        points.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item else {
                issue("\(field)[\(index)]", "type", "\(field)[\(index)] must be an object (got \(item.typeName))")
                return nil
            }
            points.append(read(members, "\(field)[\(index)]", &reader))
        }
        issues += reader.issues
        return points
    }
}

/// Reads the members of timeline points, keeping the first 20 issues: one bad point is
/// enough to name, a thousand would bury the message.
struct PointReader {
    private(set) var issues: [ValidationIssue] = []

    private mutating func issue(_ field: String, _ code: String, _ message: String) {
        if issues.count < 20 { issues.append(ValidationIssue(field: field, code: code, message: message)) }
    }

    /// An optional finite number member of a point (the rules say which are required).
    mutating func pointNumber(_ members: [String: JSONValue], _ name: String, path: String) -> Double? {
        guard let value = members[name], !value.isNull else { return nil }
        guard case .number(let number) = value else {
            issue("\(path).\(name)", "type", "\(path).\(name) must be a number (got \(value.typeName))")
            return nil
        }
        guard number.isFinite else {
            issue("\(path).\(name)", "not_finite", "\(path).\(name) must be a finite number")
            return nil
        }
        return number
    }

    /// A point's `timeMs`: a whole number of epoch milliseconds.
    mutating func pointTime(_ members: [String: JSONValue], path: String) -> Int64? {
        guard let number = pointNumber(members, "timeMs", path: path) else { return nil }
        guard number == number.rounded(), let ms = Int64(exactly: number) else {
            issue("\(path).timeMs", "type", "\(path).timeMs must be an integer number of epoch milliseconds")
            return nil
        }
        return ms
    }
}
