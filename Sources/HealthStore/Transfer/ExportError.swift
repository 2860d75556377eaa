/// An export or an import of JSON Lines that could not be completed.
public struct ExportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file (and line) concerned.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
