import HealthDomain
import SQLiteStore

/// Every source with stored samples, read from the samples themselves: the sync view's
/// list, complete whether or not an adapter recorded the writes (`sync_clients` exists
/// only since a later version, and `healthd demo` or a restored backup fill the samples
/// table without it).
public enum StoredSources {
    /// One source: its name, when its latest sample ended, how many samples it has, and
    /// the adapters that recorded writes of it.
    public struct Entry: Sendable, Equatable {
        /// The name as its most recent sample spelled it; empty for samples that named none.
        public var source: String
        /// The greatest sample end time, Unix epoch milliseconds.
        public var lastSampleMs: Int64
        /// Samples stored.
        public var samples: Int64
        /// `sync_clients` adapters that wrote the source (any spelling), by name; empty when none is known.
        public var clients: [String]
    }

    /// One scan of `samples` grouped by source name: spellings that differ only in
    /// apostrophes or spaces are one source, shown as spelled by the sample with the latest
    /// end time. Sorted by name (UTF-8 bytes).
    ///
    /// Grouped by origin first (``OriginEnds``); the names are read once per origin.
    static func all(_ db: Database, ledger: [SyncLedger.Entry]) throws -> [Entry] {
        let byOrigin = try OriginEnds.scan(db)
        var bySpelling: [String: (lastMs: Int64, count: Int64)] = [:]
        for (origin, name) in try db.query("SELECT id, source_name FROM sample_origins", [], { ($0.int64(0), $0.optionalText(1) ?? "") }) {
            guard let seen = byOrigin[origin] else { continue }
            if let known = bySpelling[name] {
                bySpelling[name] = (max(known.lastMs, seen.lastMs), known.count + seen.count)
            } else {
                bySpelling[name] = seen
            }
        }
        var grouped: [String: [(name: String, lastMs: Int64, count: Int64)]] = [:]
        for (name, seen) in bySpelling { grouped[SourceName.normalized(name), default: []].append((name, seen.lastMs, seen.count)) }
        var clients: [String: Set<String>] = [:]
        for entry in ledger { clients[SourceName.normalized(entry.source), default: []].insert(entry.client) }
        return grouped.map { key, spellings in
            let shown = SourceName.latestSpellings(spellings.map { ($0.name, $0.lastMs) }).first ?? key
            return Entry(source: shown, lastSampleMs: spellings.map(\.lastMs).max() ?? 0, samples: spellings.reduce(0) { $0 + $1.count },
                         clients: (clients[key] ?? []).sorted())
        }.sorted { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    }
}
