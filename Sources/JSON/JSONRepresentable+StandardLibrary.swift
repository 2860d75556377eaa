// Conformances of the standard library types responses are built from; one file
// because each is a one-liner.

extension JSONValue: JSONRepresentable {
    /// The value itself, so `JSONValue`s nest inside other representable collections.
    public var json: JSONValue { self }
}

extension String: JSONRepresentable {
    /// A JSON string.
    public var json: JSONValue { .string(self) }
}

extension Int: JSONRepresentable {
    /// A JSON number.
    public var json: JSONValue { JSONValue(self) }
}

extension Int64: JSONRepresentable {
    /// A JSON number.
    public var json: JSONValue { JSONValue(self) }
}

extension Double: JSONRepresentable {
    /// A JSON number, or `null` when not finite.
    public var json: JSONValue { JSONValue(self) }
}

extension Bool: JSONRepresentable {
    /// `true` or `false`.
    public var json: JSONValue { .bool(self) }
}

extension Optional: JSONRepresentable where Wrapped: JSONRepresentable {
    /// The wrapped value's JSON, or `null`.
    public var json: JSONValue { self?.json ?? .null }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
    /// A JSON array of the elements' JSON.
    public var json: JSONValue { .array(map(\.json)) }
}

extension Dictionary: JSONRepresentable where Key == String, Value: JSONRepresentable {
    /// A JSON object of the values' JSON.
    public var json: JSONValue { .object(mapValues(\.json)) }
}
