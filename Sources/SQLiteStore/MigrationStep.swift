/// What one step of a stepped migration (``Migrator/registerStepped(_:_:step:)``) left.
public enum MigrationStep: Sendable, Equatable {
    /// Work remains: `done` of `total` `unit` (for example rows) are converted so far.
    case more(done: Int64, total: Int64, unit: String)
    /// The migration is complete; its version is recorded with this step.
    case done
}

/// How far a stepped migration has come, reported after each of its steps.
public struct MigrationProgress: Sendable, Equatable {
    /// The migration's version and name.
    public var version: Int
    public var name: String
    /// Units converted so far, of `total`.
    public var done: Int64
    public var total: Int64
    /// What is counted, for example "samples".
    public var unit: String

    public init(version: Int, name: String, done: Int64, total: Int64, unit: String) {
        self.version = version
        self.name = name
        self.done = done
        self.total = total
        self.unit = unit
    }
}
