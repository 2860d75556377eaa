/// One rule an ingested value broke.
///
/// It is an `Error` so that an adapter can return `Result<_, ValidationIssue>` for an
/// element that cannot become a draft at all; the issue is data for the response, never thrown.
public struct ValidationIssue: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offending field, e.g. `"timezone"`; `"sample"` when the element itself is wrong.
    /// Callers validating an array prefix it (`samples[3].timezone`).
    public var field: String
    /// Machine-readable rule: `required`, `type`, `length`, `format`, `range`, `order`,
    /// `unknown_value`, `timezone` or `not_finite`.
    public var code: String
    /// A sentence naming the field and the rule, meant for the person fixing the client.
    public var message: String

    /// An issue with explicit values.
    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }

    /// `field [code]: message`, for logs.
    public var description: String { "\(field) [\(code)]: \(message)" }
}
