import HealthDomain
import SQLiteStore

extension SampleStore {
    /// Keys of stored samples without a client id that samples now arriving with their
    /// id replace. A client that first sent a sample without an id (HealthSave v1: key
    /// derived from metric, source and times) and later with its HealthKit `uuid` sends
    /// one sample, not two: when no stored sample has the id, a stored derived-key
    /// sample of the same metric, source, start and category — and the same end, where
    /// the stored one had a real end (v1 sent only `date`) — is replaced. Each stored
    /// sample is taken over at most once. Runs inside the caller's write transaction.
    static func takeovers(for samples: [Sample], db: Database) throws -> [String] {
        let byKey = try db.statement("SELECT 1 FROM samples WHERE sample_key = ?")
        // Derived keys sort between 'd1-' and 'd1.' ('.' follows '-'), so the primary key's range serves the lookup.
        let candidates = try db.statement("""
            SELECT sample_key, end_ms FROM samples
            WHERE metric = ?1 AND start_ms = ?2 AND sample_key >= 'd1-' AND sample_key < 'd1.'
              AND source_name IS ?3 AND category IS ?4
            """)
        var taken = Set<String>()
        var keys: [String] = []
        for sample in samples where !sample.sampleKey.hasPrefix(SampleKey.derivedPrefix) {
            try byKey.bind(1, sample.sampleKey)
            let known = try byKey.step()
            byKey.reset()
            if known { continue }
            try candidates.bind(1, sample.metric.rawValue)
            try candidates.bind(2, sample.startTimeMs)
            try candidates.bind(3, sample.sourceName)
            try candidates.bind(4, sample.categoryValue)
            while try candidates.step() {
                let key = candidates.text(0)
                let end = candidates.int64(1)
                if end == sample.endTimeMs || end == sample.startTimeMs, !taken.contains(key) {
                    taken.insert(key)
                    keys.append(key)
                    break
                }
            }
            candidates.reset()
        }
        return keys
    }
}
