/// Why a stream stopped being XML: what was found and the byte offset where, so a
/// truncated or damaged file is reported by where it ends.
public struct XMLStreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence for a person.
    public var message: String
    /// The byte offset in the stream where parsing stopped.
    public var offset: Int64

    /// An error at `offset`.
    public init(_ message: String, offset: Int64) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) (at byte \(offset))" }
}
