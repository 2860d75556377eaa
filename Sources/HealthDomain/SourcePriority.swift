/// Which source wins where several recorded the same time (steps, energy, sleep).
///
/// An ordered list of case-insensitive substrings matched against the source name or
/// bundle identifier; the first matching pattern decides the rank and unmatched sources
/// come last.
public struct SourcePriority: Sendable, Equatable {
    /// The patterns, lowercased and trimmed, best first.
    public let patterns: [String]

    /// A priority from patterns, best first (empty patterns are dropped).
    public init(patterns: [String]) {
        self.patterns = patterns.compactMap { pattern in
            let trimmed = pattern.trimmingASCIIWhitespace().lowercased()
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// A priority from a comma-separated list, e.g. `"Apple Watch, iPhone"` (CLI form).
    public init(parsing text: String) {
        self.init(patterns: text.split(separator: ",", omittingEmptySubsequences: true).map(String.init))
    }

    /// Watches first (they are on the wrist all day), then phones, then everything else.
    public static let `default` = SourcePriority(patterns: ["watch", "phone"])

    /// The rank of a source; see ``SourceRank``. A merged name ("iPhone|Apple Watch")
    /// ranks as its best member.
    public func rank(sourceName: String?, bundleId: String?) -> SourceRank {
        let identity = SourceName.normalized(sourceName ?? bundleId ?? "unknown")
        let names = sourceName.map { SourceName.members(SourceName.normalized($0)).map { $0.lowercased() } } ?? []
        let bundle = bundleId?.lowercased()
        for (index, pattern) in patterns.enumerated() {
            if names.contains(where: { $0.contains(pattern) }) || bundle?.contains(pattern) == true {
                return SourceRank(patternIndex: index, identity: identity)
            }
        }
        return SourceRank(patternIndex: patterns.count, identity: identity)
    }

    /// The rank of a sample's source.
    public func rank(of sample: Sample) -> SourceRank {
        rank(sourceName: sample.sourceName, bundleId: sample.sourceBundleId)
    }

    /// Stable text identifying this priority, so a store can notice that the configured
    /// priority changed and recompute aggregates. Commas and backslashes inside patterns
    /// are escaped so different lists never share a fingerprint.
    public var fingerprint: String {
        "source-priority-v1:" + patterns.map { pattern in
            pattern.replacingAll("\\", with: "\\\\").replacingAll(",", with: "\\,")
        }.joined(separator: ",")
    }
}
