import HealthDomain
import SQLiteStore

/// Schema version 12: the compact sample layout (see ``SampleRow``), and the conversion
/// of a database written in the text layout of versions 1–11, in place and in steps.
///
/// The first step renames the old table `samples_v11`, drops its indexes (nothing reads
/// them any more, and deleting from it stays a walk along its primary key) and creates the
/// new tables. Each following step moves the next ``rowsPerStep`` rows in the old
/// primary-key order — metric ids are given out in name order first, so the new table
/// is written as appends — and deletes them from the old table in the same transaction:
/// the old table holds exactly what is left to convert, so a run killed anywhere carries
/// on where its last committed step ended, and the pages freed are reused as the new
/// table grows. The last step builds the key indexes (one sort each) and drops the empty
/// old table; the file is compacted afterwards (``StoreOpener``).
enum SampleLayoutConversion {
    static let version = 12
    static let name = "compact sample layout: metric and origin dictionaries, packed keys, time-ordered key index"

    /// Rows moved per step (one transaction).
    static let rowsPerStep = StoreOpener.ConversionOptions.defaultRowsPerStep

    /// Settings the conversion keeps while it runs, and the flag it leaves for compaction.
    static let totalSetting = "sample_conversion_total"
    static let doneSetting = "sample_conversion_done"
    static let compactSetting = "compact_pending"

    /// Written once, as every released migration: the layout of schema version 12.
    static let createTables = """
        -- Each metric name once; rows name it by id. Ids of a converted database follow
        -- the names' order, so the rows' order by (metric, start) is what it was.
        CREATE TABLE sample_metrics (
            id   INTEGER PRIMARY KEY,
            name TEXT    NOT NULL UNIQUE
        );

        -- Where a sample comes from and how it was written down, each combination once.
        CREATE TABLE sample_origins (
            id               INTEGER PRIMARY KEY,
            unit             TEXT    NOT NULL,   -- the unit sent
            source_name      TEXT,
            source_bundle_id TEXT,
            device           TEXT,
            timezone         TEXT    NOT NULL
        );
        CREATE UNIQUE INDEX sample_origins_by_fields ON sample_origins (unit, source_name, source_bundle_id, device, timezone);

        -- Every raw sample, once, clustered by (metric, start, key): a day's recomputation
        -- and a raw page are range scans over adjacent pages, and new samples append to
        -- their metric's range. `key` and `value` have no affinity: a key is a tagged blob
        -- (derived keys, uuids, short client keys packed) or the text sent, a value an
        -- integer m·4+s (the number m/10^s) or a double (see StoredKey, StoredValue).
        CREATE TABLE samples (
            metric           INTEGER NOT NULL,   -- sample_metrics.id
            start_ms         INTEGER NOT NULL,
            key              BLOB    NOT NULL,
            duration_ms      INTEGER NOT NULL CHECK (duration_ms >= 0),   -- end_ms - start_ms
            value            BLOB,
            category         TEXT,
            origin           INTEGER NOT NULL,   -- sample_origins.id
            sync_identifier  TEXT,
            metadata         TEXT,
            received_ms      INTEGER NOT NULL,
            updated_delta_ms INTEGER NOT NULL DEFAULT 0,   -- updated_ms - received_ms
            PRIMARY KEY (metric, start_ms, key)
        ) WITHOUT ROWID;
        """

    static let createIndexes = """
        -- Keys a client may send again at another time (its own keys, sync identifier
        -- digests): found wherever their sample is.
        CREATE UNIQUE INDEX samples_by_key ON samples (key) WHERE key < x'F0';
        -- Keys given at a sample's time (derived keys, uuids), by period of 2^31 ms and key:
        -- new samples' entries land among the recent ones instead of anywhere in the index.
        CREATE UNIQUE INDEX samples_by_period_key ON samples (start_ms >> 31, key) WHERE key >= x'F0';
        -- An applied intent whose sample synced back before its ack is found by the
        -- sample's sync identifier. Partial: samples without one cost nothing.
        CREATE INDEX samples_by_sync_identifier ON samples (sync_identifier) WHERE sync_identifier IS NOT NULL;
        """

    /// One step of the conversion, inside the migrator's transaction, moving `rows` rows.
    static func step(_ db: Database, rows: Int = rowsPerStep) throws -> MigrationStep {
        let started = try db.queryFirst("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'samples_v11'", []) { _ in true } ?? false
        if !started { return try begin(db) }
        let total = try setting(totalSetting, db)
        var done = try setting(doneSetting, db)
        let moved = try moveRows(db, count: rows)
        if moved == 0 {
            try db.execute("DROP TABLE samples_v11;\n" + createIndexes)
            try db.run("DELETE FROM settings WHERE key IN (?, ?)", [.text(totalSetting), .text(doneSetting)])
            if total > 0 { try store(compactSetting, 1, db) }
            return .done
        }
        done += Int64(moved)
        try store(doneSetting, done, db)
        return .more(done: done, total: total, unit: "samples")
    }

    /// The first step: the old table set aside, the new tables, the metric ids in name order.
    private static func begin(_ db: Database) throws -> MigrationStep {
        try db.execute("""
            DROP INDEX IF EXISTS samples_by_key;
            DROP INDEX IF EXISTS samples_by_sync_identifier;
            ALTER TABLE samples RENAME TO samples_v11;
            """ + createTables)
        // Distinct names by skipping along the primary key: one seek per name.
        let next = try db.statement("SELECT metric FROM samples_v11 WHERE metric > ? ORDER BY metric LIMIT 1")
        let insert = try db.statement("INSERT INTO sample_metrics (name) VALUES (?)")
        var after = ""
        while true {
            try next.bind(1, after)
            guard try next.step() else { break }
            let name = next.text(0)
            next.reset()
            try insert.bind(1, name)
            try insert.run()
            after = name
        }
        next.reset()
        let total = try db.queryFirst("SELECT count(*) FROM samples_v11", []) { $0.int64(0) } ?? 0
        try store(totalSetting, total, db)
        try store(doneSetting, 0, db)
        return .more(done: 0, total: total, unit: "samples")
    }

    /// Moves the first `count` rows of `samples_v11` into `samples`; returns how many.
    private static func moveRows(_ db: Database, count: Int) throws -> Int {
        let select = try db.statement("""
            SELECT sample_key, metric, start_ms, end_ms, value, category, unit, source_name, source_bundle_id, timezone,
                   sync_identifier, device, metadata, received_ms, updated_ms
              FROM samples_v11 ORDER BY metric, start_ms, sample_key LIMIT ?
            """)
        defer { select.reset() }
        try select.bind(1, Int64(count))
        let interner = SampleInterner(db: db)
        var last: (metric: String, start: Int64, key: String)?
        var moved = 0
        while try select.step() {
            let sample = Sample(sampleKey: select.text(0), metric: Metric(rawValue: select.text(1)), startTimeMs: select.int64(2),
                                endTimeMs: select.int64(3), valueNumber: select.optionalDouble(4), categoryValue: select.optionalText(5),
                                unit: select.text(6), sourceName: select.optionalText(7), sourceBundleId: select.optionalText(8),
                                timezone: select.text(9), syncIdentifier: select.optionalText(10), device: select.optionalText(11),
                                metadata: select.optionalText(12))
            try SampleRow.insert(sample, receivedMs: select.int64(13), updatedMs: select.int64(14), interner: interner, db: db)
            last = (sample.metric.rawValue, sample.startTimeMs, sample.sampleKey)
            moved += 1
        }
        select.reset()
        if let last {
            try db.run("DELETE FROM samples_v11 WHERE (metric, start_ms, sample_key) <= (?, ?, ?)",
                       [.text(last.metric), .integer(last.start), .text(last.key)])
        }
        return moved
    }

    private static func setting(_ key: String, _ db: Database) throws -> Int64 {
        try db.queryFirst("SELECT value FROM settings WHERE key = ?", [.text(key)]) { Int64($0.text(0)) ?? 0 } ?? 0
    }

    private static func store(_ key: String, _ value: Int64, _ db: Database) throws {
        try db.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                   [.text(key), .text(String(value))])
    }
}
