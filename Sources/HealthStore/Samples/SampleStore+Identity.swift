import HealthDomain
import SQLiteStore

extension SampleStore {
    /// The stored sample an id-less sample is, when it is stored under another key.
    ///
    /// Formats without HealthKit ids (Health Auto Export, HealthSave v1, export.xml)
    /// identify a measurement by metric, source, start and end. The same measurement may
    /// already be stored under its HealthKit `uuid` (HealthSave v2), under its sync
    /// identifier, or under a key another adapter derived from other field spellings; it
    /// is then that sample, not a second one: first by sync identifier, then by metric,
    /// start, end, category and source (compared as ``SourceName`` normalises them).
    /// Only samples with a derived (`d1-`) or sync-identifier (`s1-`) key are matched, so
    /// a client's own ids are never merged. Runs inside the caller's write transaction.
    static func identityMatch(for sample: Sample, db: Database) throws -> Sample? {
        if let sync = sample.syncIdentifier {
            let bySync = try db.statement("SELECT \(SampleRow.columns) FROM samples WHERE sync_identifier = ?1 AND metric = ?2 LIMIT 1")
            try bySync.bind(1, sync)
            try bySync.bind(2, sample.metric.rawValue)
            defer { bySync.reset() }
            if try bySync.step() { return SampleRow.decode(bySync.row) }
        }
        // The primary key (metric, start_ms, sample_key) makes this a short range scan.
        let byTimes = try db.statement("""
            SELECT \(SampleRow.columns) FROM samples
            WHERE metric = ?1 AND start_ms = ?2 AND end_ms = ?3 AND category IS ?4
            """)
        try byTimes.bind(1, sample.metric.rawValue)
        try byTimes.bind(2, sample.startTimeMs)
        try byTimes.bind(3, sample.endTimeMs)
        try byTimes.bind(4, sample.categoryValue)
        defer { byTimes.reset() }
        let source = SourceName.normalized(sample.sourceName ?? sample.sourceBundleId ?? "unknown")
        while try byTimes.step() {
            let stored = SampleRow.decode(byTimes.row)
            if stored.sampleKey != sample.sampleKey, SourceName.normalized(stored.sourceName ?? stored.sourceBundleId ?? "unknown") == source {
                return stored
            }
        }
        return nil
    }

    /// Whether `sample` carries no client id (its key was derived or comes from a sync identifier).
    static func isIdless(_ sample: Sample) -> Bool {
        sample.sampleKey.hasPrefix(SampleKey.derivedPrefix) || sample.sampleKey.hasPrefix("s1-")
    }
}
