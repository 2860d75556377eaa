import HealthDomain
import SQLiteStore

extension SampleStore {
    /// Which stored sample an arriving one is, when its own key does not settle it.
    enum Identity: Equatable {
        /// Its own key decides: an update of the sample stored under it, or a new sample.
        case own
        /// The stored `Sample` under another key: it stays that sample, keeping its key and
        /// the facts its path gave; the value follows the newcomer.
        case same(Sample)
        /// An identified sample replacing the stored id-less `Sample` it is: the stored one
        /// is deleted and the newcomer stored under its own key (an update, not an addition).
        case takesOver(Sample)
        /// A new entry whose own key holds another entry of the same request: stored under
        /// this free occurrence key instead.
        case newEntry(String)
    }

    /// Which stored sample `sample` is, given `own`, the sample stored under its key (nil
    /// when none), and `claimed`, the stored keys earlier samples of the same ingest
    /// became (each stored sample stands for one arriving sample). Runs inside the
    /// caller's write transaction, only when `sample` is not stored as it is.
    ///
    /// A sample is *identified* when its key is its own (a HealthKit uuid, a sync
    /// identifier, a client's key) and *id-less* when the key was derived (see
    /// ``SampleKey``; the entries of one instant are told apart by their occurrence).
    /// The rules:
    /// - An identified sample stored under its key is that sample. Two identified samples
    ///   are never one, whatever their times.
    /// - An identified sample new to the store takes over a stored id-less sample of the
    ///   same metric, source, start, end and category — the one with the same value
    ///   first — so a client that first sent it without an id (HealthSave v1) and then
    ///   with its uuid (v2) has one sample, not two. HealthSave v1 sent only `date`, so a
    ///   stored id-less instant at the same start also qualifies.
    /// - An id-less sample is the stored sample with the same sync identifier, else one of
    ///   the same metric, source, start, end and category — preferring the same value —
    ///   whatever its key: an identified sample (the same measurement synced with its
    ///   id), or an id-less one another path derived from other spellings. Its own key's
    ///   other entries (`<key>-1`, … : the other items of the meal) are matched only by
    ///   an equal value, which keeps a re-send that lists them in another order unchanged.
    ///   Otherwise its own key decides, so a corrected value updates in place.
    ///
    /// `othersAtInstant` false says no unclaimed sample can be stored at `sample`'s start
    /// (see `Occupancy`), which spares the search there.
    static func identity(for sample: Sample, own: Sample?, claimed: Set<String>, othersAtInstant: Bool = true,
                         interner: SampleInterner) throws -> Identity {
        let db = interner.db
        let derived = SampleKey.isDerived(sample.sampleKey)
        if own != nil, !derived { return .own }
        if own == nil, mayMatchBySyncIdentifier(sample), let sync = sample.syncIdentifier {
            let bySync = try db.statement("""
                SELECT \(SampleRow.columns) FROM \(SampleRow.from) WHERE s.sync_identifier = ?1 AND s.metric = \(SampleRow.metricId(parameter: 2)) LIMIT 1
                """)
            try bySync.bind(1, sync)
            try bySync.bind(2, sample.metric.rawValue)
            defer { bySync.reset() }
            if try bySync.step() {
                let stored = SampleRow.decode(bySync.row)
                if stored.sampleKey != sample.sampleKey { return .same(stored) }
            }
        }
        // A re-send with other facts (device, metadata) but the same value updates in place.
        if derived, let own, !claimed.contains(own.sampleKey), own.valueNumber == sample.valueNumber, own.unit == sample.unit {
            return .own
        }
        // An identified sample takes over id-less samples only; an id-less one may be any.
        let stored = othersAtInstant ? try storedAtInstant(of: sample, claimed: claimed, interner: interner) : []
        let candidates = stored.filter { derived || SampleKey.isDerived($0.sampleKey) }
        if let equal = candidates.first(where: { $0.valueNumber == sample.valueNumber && $0.unit == sample.unit }) {
            return derived ? .same(equal) : .takesOver(equal)
        }
        guard derived else { return candidates.first.map { .takesOver($0) } ?? .own }
        if let own, !claimed.contains(own.sampleKey) { return .own }
        let base = SampleKey.base(of: sample.sampleKey)
        if let other = candidates.first(where: { SampleKey.base(of: $0.sampleKey) != base }) { return .same(other) }
        guard own != nil else { return .own }
        // Its key holds another entry of this request (two entries swapped places): a
        // remaining entry of the group, else a free occurrence key.
        if let sibling = candidates.first { return .same(sibling) }
        return .newEntry(try freeOccurrence(of: String(base), near: sample.startTimeMs, claimed: claimed, interner: interner))
    }

    /// Whether a new `sample` is looked for among stored samples by its sync identifier:
    /// an id-less sample, or one keyed by its sync identifier's digest, that has one.
    static func mayMatchBySyncIdentifier(_ sample: Sample) -> Bool {
        sample.syncIdentifier != nil && (SampleKey.isDerived(sample.sampleKey) || sample.sampleKey.hasPrefix("s1-"))
    }

    static let atInstantSQL = """
        SELECT \(SampleRow.columns) FROM \(SampleRow.from) WHERE s.metric = ?1 AND s.start_ms = ?2 AND s.category IS ?3
        """

    /// Stored samples at `sample`'s instant that it may be: same metric, start, end and
    /// category, same source (as ``SourceName`` normalises it), another key, not claimed
    /// by an earlier sample of the ingest; in key order. For an identified sample, a
    /// stored id-less instant at its start counts as the same end (HealthSave v1's `date`).
    static func storedAtInstant(of sample: Sample, claimed: Set<String>, interner: SampleInterner) throws -> [Sample] {
        // A metric never stored has nothing stored at any instant.
        guard let metric = try interner.metricId(sample.metric.rawValue, create: false) else { return [] }
        // The primary key (metric, start_ms, key) makes this a short range scan.
        let byStart = try interner.statement(.atInstant)
        try byStart.bind(1, metric)
        try byStart.bind(2, sample.startTimeMs)
        try byStart.bind(3, sample.categoryValue)
        defer { byStart.reset() }
        let source = SourceName.normalized(sample.sourceName ?? sample.sourceBundleId ?? "unknown")
        let identified = !SampleKey.isDerived(sample.sampleKey)
        var found: [Sample] = []
        while try byStart.step() {
            let stored = SampleRow.decode(byStart.row)
            guard stored.sampleKey != sample.sampleKey, !claimed.contains(stored.sampleKey) else { continue }
            let sameEnd = stored.endTimeMs == sample.endTimeMs
                || (identified && stored.endTimeMs == stored.startTimeMs && SampleKey.isDerived(stored.sampleKey))
            if sameEnd, SourceName.normalized(stored.sourceName ?? stored.sourceBundleId ?? "unknown") == source {
                found.append(stored)
            }
        }
        return SampleRow.sortedByStartAndKey(found)
    }

    /// The first occurrence key of `base` neither stored (where a sample starting at
    /// `startMs` would be found under it) nor claimed.
    static func freeOccurrence(of base: String, near startMs: Int64, claimed: Set<String>, interner: SampleInterner) throws -> String {
        var index = 0
        while true {
            let key = SampleKey.occurrence(index, of: base)
            if !claimed.contains(key), try SampleRow.find(key: key, near: startMs, interner: interner) == nil { return key }
            index += 1
        }
    }
}
