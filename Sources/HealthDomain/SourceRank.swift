/// Where a source stands in a ``SourcePriority``: lower is better.
///
/// Ordered by the index of the first matching pattern, then by the source identity, so
/// two distinct sources never tie and every ordering built on ranks is deterministic.
public struct SourceRank: Comparable, Hashable, Sendable {
    /// Index of the first pattern the source matched; the pattern count when none did.
    public let patternIndex: Int
    /// The source identity (name, else bundle id, else "unknown").
    public let identity: String

    /// A rank with explicit parts.
    public init(patternIndex: Int, identity: String) {
        self.patternIndex = patternIndex
        self.identity = identity
    }

    /// Better (lower pattern index) first; ties broken by identity bytes.
    public static func < (lhs: SourceRank, rhs: SourceRank) -> Bool {
        if lhs.patternIndex != rhs.patternIndex { return lhs.patternIndex < rhs.patternIndex }
        // Compare UTF-8 bytes rather than String's Unicode ordering: identical on every
        // platform and cheap.
        return lhs.identity.utf8.lexicographicallyPrecedes(rhs.identity.utf8)
    }
}
