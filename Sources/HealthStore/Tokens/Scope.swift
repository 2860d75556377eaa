/// What a token may do. Every protected route declares the one scope it needs; `admin`
/// includes every other scope (and is the only one that may manage tokens).
public enum Scope: String, CaseIterable, Sendable, Comparable {
    /// Summaries, queries, daily and raw reads, workouts, types, listing write intents.
    case read
    /// Creating and cancelling write intents (an agent logging a meal).
    case intents
    /// Every ingest adapter, deletions, and the phone's pull and acknowledgement of intents.
    case ingest
    /// `GET /metrics`: counts, times and sizes for a Prometheus scraper, no health value.
    case metrics
    /// Everything.
    case admin

    public static func < (lhs: Scope, rhs: Scope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Parses `read,intents`: comma-separated, each known, at least one; repeats are merged.
    public static func parseList(_ text: String) throws(ScopeListError) -> Set<Scope> {
        var scopes: Set<Scope> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard let scope = Scope(rawValue: name) else { throw ScopeListError(name: String(name.prefix(40))) }
            scopes.insert(scope)
        }
        return scopes
    }

    /// `read,intents` in the order of `allCases`.
    public static func listText(_ scopes: Set<Scope>) -> String {
        scopes.sorted().map(\.rawValue).joined(separator: ",")
    }
}

/// A scope list named something that is not a scope.
public struct ScopeListError: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public var description: String {
        "unknown scope '\(name)'; scopes are \(Scope.allCases.map(\.rawValue).joined(separator: ", ")), comma-separated"
    }
}
