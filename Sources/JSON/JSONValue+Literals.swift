// Literal conformances so handlers can write responses as Swift literals:
// `let body: JSONValue = ["id": "abc", "count": 3, "tags": ["a"], "note": nil]`.

extension JSONValue: ExpressibleByStringLiteral {
    /// A JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// A JSON number; exact for every literal within ±2^53.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A JSON number.
    public init(floatLiteral value: Double) { self.init(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// A JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// A JSON object. Like a `Dictionary` literal, a repeated key is a programming
    /// error and traps.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(uniqueKeysWithValues: elements))
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}

// Value initialisers for non-literal Swift values.
extension JSONValue {
    /// A JSON number; integers beyond ±2^53 lose precision, as JSON numbers do (RFC 8259 §6).
    public init(_ int: Int) { self = .number(Double(int)) }

    /// A JSON number; exact for millisecond timestamps and anything else within ±2^53.
    public init(_ int64: Int64) { self = .number(Double(int64)) }

    /// A JSON number, or `null` for NaN and infinities, which JSON cannot represent.
    public init(_ double: Double) { self = double.isFinite ? .number(double) : .null }

    /// A JSON string, or `null` when absent.
    public init(_ string: String?) { self = string.map { .string($0) } ?? .null }

    /// A JSON number, or `null` when absent or not finite.
    public init(_ optionalDouble: Double?) { self = optionalDouble.map { JSONValue($0) } ?? .null }
}
