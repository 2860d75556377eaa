/// Request bodies that go to a file instead of memory: uploads larger than any body the
/// server otherwise accepts (an archive of a gigabyte), for the routes that want them.
/// The transport writes the decoded body to a new file in ``directory`` as it arrives,
/// keeping one receive buffer in memory, and hands the handler its path
/// (``HTTPRequest/bodyFile``). The file is removed once the handler returns: a handler
/// that keeps it renames it first.
public struct UploadSpooling: Sendable {
    /// Where spooled bodies are written (created if missing, mode 0700).
    public var directory: String
    /// Largest spooled body; larger ones get 413 before a byte is written.
    public var maxBytes: Int
    /// Whether a request (method and path, still percent-encoded) is spooled.
    public var accepts: @Sendable (HTTPMethod, String) -> Bool

    /// Spooling for the requests `accepts` selects.
    public init(directory: String, maxBytes: Int, accepts: @escaping @Sendable (HTTPMethod, String) -> Bool) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.accepts = accepts
    }
}
