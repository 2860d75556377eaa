import SQLiteStore

/// The database schema, as versioned migrations. A migration, once released, is never
/// edited: changes come as new versions.
public enum HealthSchema {
    public static var migrator: Migrator {
        var migrator = Migrator()
        migrator.register(1, "samples, day aggregates, metric statistics, settings") { db in
            try db.execute("""
            CREATE TABLE settings (
                key   TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID;

            -- Every raw sample, once, by its client-assigned sampleKey. The integer rowid keeps
            -- the table itself append-mostly; the unique index makes the upsert a point lookup.
            CREATE TABLE samples (
                id               INTEGER PRIMARY KEY,
                sample_key       TEXT    NOT NULL UNIQUE,
                metric           TEXT    NOT NULL,
                start_ms         INTEGER NOT NULL,
                end_ms           INTEGER NOT NULL CHECK (end_ms >= start_ms),
                value            REAL,
                category         TEXT,
                unit             TEXT    NOT NULL,
                source_name      TEXT,
                source_bundle_id TEXT,
                timezone         TEXT    NOT NULL,
                sync_identifier  TEXT,
                received_ms      INTEGER NOT NULL,
                updated_ms       INTEGER NOT NULL
            );
            -- Raw reads page by (start, key) within a metric; day recomputation reads a
            -- metric's time window. One index serves both.
            CREATE INDEX samples_by_metric_start ON samples (metric, start_ms, sample_key);

            -- One row per (local day, metric): the derived numbers, recomputed from raw
            -- samples whenever a sample that touches the day changes.
            CREATE TABLE day_aggregates (
                day        INTEGER NOT NULL,   -- days since 1970-01-01 of the local date
                metric     TEXT    NOT NULL,
                value      REAL,               -- the headline number: total, average or asleep minutes
                data       TEXT    NOT NULL,   -- the full aggregate as JSON
                updated_ms INTEGER NOT NULL,
                PRIMARY KEY (day, metric)
            ) WITHOUT ROWID;

            -- The longest sample seen per metric bounds the time window a day's
            -- recomputation must read.
            CREATE TABLE metric_stats (
                metric          TEXT PRIMARY KEY,
                max_duration_ms INTEGER NOT NULL
            ) WITHOUT ROWID;
            """)
        }
        return migrator
    }
}
