/// Why a request body is not acceptable JSON, and where.
///
/// `offset` is the zero-based byte offset into the input at which the problem was
/// detected; `message` is a sentence meant to be shown to an API client as is
/// (for example `unexpected character 'x' at byte 17`), so it already names the offset.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Zero-based byte offset into the input where the problem was detected.
    public var offset: Int
    /// A client-facing explanation that ends with "at byte <offset>" where that helps.
    public var message: String

    /// Creates an error; `message` should already mention `offset` when that is useful.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// The client-facing message.
    public var description: String { message }
}
