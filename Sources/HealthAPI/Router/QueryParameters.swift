import HealthDomain

/// Typed access to query parameters with 400s that name the parameter and the rule.
public struct QueryParameters: Sendable {
    private let items: [(name: String, value: String)]

    public init(_ items: [(name: String, value: String)]) { self.items = items }

    public var names: Set<String> { Set(items.map(\.name)) }

    /// The single value of `name`, or nil. Repeating a parameter is an error rather than
    /// a guess about which value was meant.
    public func string(_ name: String) throws -> String? {
        let values = items.filter { $0.name == name }.map(\.value)
        if values.count > 1 { throw APIError.invalidParameter(name, "query parameter '\(name)' was given \(values.count) times; give it once", rule: "single") }
        return values.first
    }

    public func requiredString(_ name: String) throws -> String {
        guard let value = try string(name) else { throw APIError.invalidParameter(name, "query parameter '\(name)' is required", rule: "required") }
        return value
    }

    /// An integer within `range`.
    public func int(_ name: String, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let text = try string(name) else { return nil }
        guard let value = Int64(text), text.first != "+" else {
            throw APIError.invalidParameter(name, "query parameter '\(name)' must be an integer (got '\(text.prefix(40))')", rule: "integer")
        }
        guard range.contains(value) else {
            throw APIError.invalidParameter(name, "query parameter '\(name)' must be between \(range.lowerBound) and \(range.upperBound) (got \(value))",
                                            rule: "range", extra: ["minimum": .number(Double(range.lowerBound)), "maximum": .number(Double(range.upperBound))])
        }
        return value
    }

    /// Rejects parameters the route does not know, so a typo is reported, not ignored.
    public func rejectUnknown(allowed: Set<String>) throws {
        for name in names.sorted() where !allowed.contains(name) {
            let list = allowed.sorted().joined(separator: ", ")
            throw APIError.invalidParameter(name, "unknown query parameter '\(name)'; allowed: \(list.isEmpty ? "none" : list)", rule: "unknown")
        }
    }
}
