/// The sources among a day's samples, matched by their normal form
/// (``Sample/sourceIdentity``) and shown as sent.
///
/// One source can arrive in two spellings ("Ana's Watch" from one app, "Ana’s Watch" from
/// another, or a device renamed): the spelling shown is that of its most recent sample —
/// greatest end time, then start time, then sample key (``DayAggregator/isLater(_:than:)``)
/// — so it depends only on the set of samples, never on the order they arrived in.
struct SourceTally {
    private var entries: [String: (rank: SourceRank, latest: Sample)] = [:]

    /// Counts `sample`'s source.
    mutating func add(_ sample: Sample, priority: SourcePriority) {
        let identity = sample.sourceIdentity
        if let entry = entries[identity] {
            if DayAggregator.isLater(sample, than: entry.latest) { entries[identity] = (entry.rank, sample) }
        } else {
            entries[identity] = (priority.rank(of: sample), sample)
        }
    }

    /// The shown name of each source, best rank first.
    var names: [String] {
        entries.values.sorted { $0.rank < $1.rank }.map(\.latest.sourceDisplayName)
    }
}
