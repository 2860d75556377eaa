/// Why an import stopped: a file that is not an export, a truncated or damaged one, or a
/// storage failure. Everything committed before it stays, and a re-run completes the
/// import without counting anything twice (samples are upserted by key).
public struct ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence naming where the import stopped.
    public var message: String
    /// Records read before it stopped.
    public var recordsRead: Int
    /// The byte offset in the export file (or its XML entry) where reading stopped, when known.
    public var offset: Int64?

    /// A failure with explicit parts.
    public init(_ message: String, recordsRead: Int = 0, offset: Int64? = nil) {
        self.message = message
        self.recordsRead = recordsRead
        self.offset = offset
    }

    public var description: String { message }
}
