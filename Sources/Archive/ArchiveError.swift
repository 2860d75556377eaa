/// Why an archive could not be read: what was wrong and the byte offset where reading
/// stopped, so a message can say where a truncated or damaged file ends.
public struct ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable {
        /// No zip structure where one must be (not a zip, or cut off before its directory).
        case notAnArchive
        /// The data ends before an entry or a record that the directory announced.
        case truncated
        /// A feature this reader does not implement (encryption, a compression method).
        case unsupported
        /// The bytes contradict themselves: a bad signature, a failed checksum, broken deflate data.
        case corrupt
        /// The operating system refused to open or read the file.
        case io
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence for a person.
    public var message: String
    /// Where in the file reading stopped, when known.
    public var offset: Int64?

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String, offset: Int64? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    public var description: String {
        guard let offset else { return message }
        return "\(message) (at byte \(offset))"
    }
}
