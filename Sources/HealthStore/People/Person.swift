/// One person of the household: their id (a UUID, the `xuser_id` of their observation
/// batches), the name the command line knows them by, their database file and their
/// own settings.
public struct Person: Sendable, Equatable, Hashable {
    /// Lowercase UUID; never changes.
    public var id: String
    /// 1–64 letters, digits, '.', '_' or '-'; unique in the household.
    public var name: String
    /// The person's SQLite file, relative to the server database's folder.
    public var file: String
    public var createdMs: Int64
    /// The IANA time zone summaries use when a request names none; nil: the server's.
    public var timezone: String?
    /// Source priority (comma-separated name fragments, best first); nil: the server's.
    public var sourcePriority: String?

    public init(id: String, name: String, file: String, createdMs: Int64, timezone: String? = nil, sourcePriority: String? = nil) {
        self.id = id
        self.name = name
        self.file = file
        self.createdMs = createdMs
        self.timezone = timezone
        self.sourcePriority = sourcePriority
    }

    /// Whether `name` may name a person (the same rule as token names).
    public static func isValidName(_ name: String) -> Bool {
        TokenStore.isValidName(name)
    }
}
