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
    /// Grouped here rather than by `GROUP BY source_name`: without an index on the name,
    /// SQLite sorts every row to group them, while a handful of sources fit a dictionary
    /// (about twice as fast on a two-million-sample demo database).
    static func all(_ db: Database, ledger: [SyncLedger.Entry]) throws -> [Entry] {
        var bySpelling: [String: (lastMs: Int64, count: Int64)] = [:]
        let statement = try db.statement("SELECT source_name, end_ms FROM samples")
        defer { statement.reset() }
        while try statement.step() {
            let name = statement.optionalText(0) ?? ""
            let end = statement.int64(1)
            if let seen = bySpelling[name] {
                bySpelling[name] = (max(seen.lastMs, end), seen.count + 1)
            } else {
                bySpelling[name] = (end, 1)
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
