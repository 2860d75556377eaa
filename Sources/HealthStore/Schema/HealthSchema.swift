import SQLiteStore

/// The database schema, as versioned migrations. A migration, once released, is never
/// edited: changes come as new versions.
public enum HealthSchema {
    public static var migrator: Migrator { migrator(conversionRowsPerStep: SampleLayoutConversion.rowsPerStep) }

    /// The migrations, the conversion to the compact sample layout moving `rows` samples
    /// per step.
    static func migrator(conversionRowsPerStep rows: Int) -> Migrator {
        var migrator = Migrator()
        migrator.register(1, "samples, day aggregates, metric statistics, settings") { db in
            try db.execute("""
            CREATE TABLE settings (
                key   TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID;

            -- Every raw sample, once. The table is clustered by (metric, start, key): a day's
            -- recomputation and a raw page are range scans over adjacent pages, and fresh
            -- samples (recent times) land near the end of their metric's range. The unique
            -- index on sampleKey makes the upsert a point lookup.
            -- (https://sqlite.org/withoutrowid.html)
            CREATE TABLE samples (
                metric           TEXT    NOT NULL,
                start_ms         INTEGER NOT NULL,
                sample_key       TEXT    NOT NULL,
                end_ms           INTEGER NOT NULL CHECK (end_ms >= start_ms),
                value            REAL,
                category         TEXT,
                unit             TEXT    NOT NULL,
                source_name      TEXT,
                source_bundle_id TEXT,
                timezone         TEXT    NOT NULL,
                sync_identifier  TEXT,
                received_ms      INTEGER NOT NULL,
                updated_ms       INTEGER NOT NULL,
                PRIMARY KEY (metric, start_ms, sample_key)
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX samples_by_key ON samples (sample_key);

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
        migrator.register(2, "write intents, their history, sample sync identifier index") { db in
            try db.execute("""
            -- The write-intent queue: one row per externalId (the upsert key). The integer id
            -- gives the queue its order (oldest first) and keyset pagination a stable key.
            CREATE TABLE write_intents (
                id                    INTEGER PRIMARY KEY,
                external_id           TEXT    NOT NULL UNIQUE,
                metric                TEXT    NOT NULL,
                value                 REAL    NOT NULL,
                unit                  TEXT    NOT NULL,
                canonical_value       REAL    NOT NULL,
                start_ms              INTEGER NOT NULL,
                end_ms                INTEGER NOT NULL CHECK (end_ms >= start_ms),
                timezone              TEXT    NOT NULL,
                day                   INTEGER NOT NULL,   -- local date of start_ms in timezone, days since 1970-01-01
                note                  TEXT,
                source                TEXT,
                version               INTEGER NOT NULL CHECK (version >= 1),
                status                TEXT    NOT NULL CHECK (status IN ('pending', 'failed', 'dead', 'applied', 'skipped', 'cancelled', 'reconciled')),
                attempts              INTEGER NOT NULL DEFAULT 0,
                next_retry_ms         INTEGER,
                last_error            TEXT,
                last_result           TEXT,
                dead_reason           TEXT,
                healthkit_uuid        TEXT,
                reconciled_sample_key TEXT,
                created_ms            INTEGER NOT NULL,
                updated_ms            INTEGER NOT NULL,
                last_attempt_ms       INTEGER,
                applied_ms            INTEGER,
                reconciled_ms         INTEGER,
                cancelled_ms          INTEGER
            );
            -- Pending pulls and status listings walk one or two statuses in id order.
            CREATE INDEX write_intents_by_status ON write_intents (status, id);
            -- Reconciliation finds an applied intent by the UUID of the sample it became.
            CREATE INDEX write_intents_by_uuid ON write_intents (healthkit_uuid) WHERE healthkit_uuid IS NOT NULL;
            -- Queued totals read a metric's queued intents by local day.
            CREATE INDEX write_intents_queued ON write_intents (metric, day) WHERE status IN ('pending', 'failed', 'applied');

            -- What happened to each intent, in order: upserts, acks, cancellation, reconciliation.
            CREATE TABLE write_intent_events (
                seq       INTEGER PRIMARY KEY,
                intent_id INTEGER NOT NULL REFERENCES write_intents (id),
                at_ms     INTEGER NOT NULL,
                version   INTEGER NOT NULL,
                event     TEXT    NOT NULL,
                status    TEXT    NOT NULL,
                detail    TEXT
            );
            CREATE INDEX write_intent_events_by_intent ON write_intent_events (intent_id, seq);

            -- An applied intent whose sample synced back before its ack is found by the
            -- sample's sync identifier. Partial: samples without one cost nothing.
            CREATE INDEX samples_by_sync_identifier ON samples (sync_identifier) WHERE sync_identifier IS NOT NULL;
            """)
        }
        migrator.register(3, "UTC offset range per metric") { db in
            // The offsets a metric's samples were recorded at bound the time window a day's
            // recomputation reads. Rows that predate this version get the widest offsets
            // any zone has (UTC−12…UTC+14), which is always safe; `rebuild` tightens them.
            try db.execute("""
            ALTER TABLE metric_stats ADD COLUMN min_offset_s INTEGER NOT NULL DEFAULT -43200;
            ALTER TABLE metric_stats ADD COLUMN max_offset_s INTEGER NOT NULL DEFAULT 50400;
            """)
        }
        migrator.register(4, "sample device and metadata") { db in
            // Client formats name the device that took a reading and send facts beyond the
            // sample's core fields; both are kept with the raw sample. Adding nullable
            // columns rewrites no row (https://sqlite.org/lang_altertable.html).
            try db.execute("""
            ALTER TABLE samples ADD COLUMN device TEXT;
            ALTER TABLE samples ADD COLUMN metadata TEXT;
            """)
        }
        migrator.register(5, "workouts and activity summaries") { db in
            try db.execute("""
            -- Workouts as their own records, upserted by workout_key. They never feed day
            -- aggregates. Timelines are compact JSON arrays of arrays ([timeMs, bpm] and
            -- [timeMs, lat, lon(, alt)]): read only by the detail and GeoJSON routes.
            CREATE TABLE workouts (
                workout_key          TEXT    PRIMARY KEY,
                activity_type        TEXT    NOT NULL,
                activity_type_number INTEGER NOT NULL,
                name                 TEXT    NOT NULL,
                start_ms             INTEGER NOT NULL,
                end_ms               INTEGER NOT NULL CHECK (end_ms >= start_ms),
                day                  INTEGER NOT NULL,   -- local date of start_ms in timezone, days since 1970-01-01
                duration_s           REAL    NOT NULL,
                active_energy_kcal   REAL,
                distance_km          REAL,
                avg_heart_rate_bpm   REAL,
                max_heart_rate_bpm   REAL,
                heart_rate_points    INTEGER NOT NULL,
                route_points         INTEGER NOT NULL,
                heart_rate           TEXT,
                route                TEXT,
                source_name          TEXT,
                source_bundle_id     TEXT,
                device               TEXT,
                timezone             TEXT    NOT NULL,
                metadata             TEXT,
                received_ms          INTEGER NOT NULL,
                updated_ms           INTEGER NOT NULL
            );
            -- The listing walks start times newest first; summaries read one local day.
            CREATE INDEX workouts_by_start ON workouts (start_ms, workout_key);
            CREATE INDEX workouts_by_day ON workouts (day, start_ms);

            -- One row of activity rings per local day, replaced by a re-send.
            CREATE TABLE activity_summaries (
                day                   INTEGER PRIMARY KEY,   -- days since 1970-01-01
                move_kcal             REAL,
                move_goal_kcal        REAL,
                exercise_minutes      REAL,
                exercise_goal_minutes REAL,
                stand_hours           REAL,
                stand_goal_hours      REAL,
                source_name           TEXT,
                updated_ms            INTEGER NOT NULL
            ) WITHOUT ROWID;
            """)
        }
        migrator.register(6, "HealthSave batch ledger") { db in
            try db.execute("""
            -- One row per HealthSave batch processed, keyed by its idempotency key: the payload
            -- hash decides replay (same hash) or conflict (another hash), the stored status and
            -- body are the replayed answer, and the receipt fields feed the v2 sync routes.
            -- Rows older than Limits.batchLedgerRetentionMs are swept on later writes.
            CREATE TABLE healthsave_batches (
                id                       INTEGER PRIMARY KEY,
                idempotency_key          TEXT    NOT NULL UNIQUE,
                payload_hash             TEXT    NOT NULL,
                sync_run_id              TEXT,
                batch_id                 TEXT,
                metric                   TEXT    NOT NULL,   -- the HealthSave name, as sent
                batch_index              INTEGER,
                total_batches            INTEGER,
                headers                  TEXT    NOT NULL,   -- JSON object of every X-HealthSave-* header
                status                   INTEGER NOT NULL,   -- the HTTP status answered
                body                     BLOB    NOT NULL,   -- the response body answered
                records_received         INTEGER NOT NULL,
                records_accepted         INTEGER NOT NULL,
                records_rejected         INTEGER NOT NULL,
                records_inserted_new     INTEGER,
                records_deduped_existing INTEGER,
                window_start_ms          INTEGER,            -- earliest sample time of the batch
                window_end_ms            INTEGER,            -- latest sample time of the batch
                received_ms              INTEGER NOT NULL
            );
            -- A run's receipt reads its batches grouped by metric.
            CREATE INDEX healthsave_batches_by_run ON healthsave_batches (sync_run_id, metric) WHERE sync_run_id IS NOT NULL;
            -- The latest run and the retention sweep walk receive times from either end.
            CREATE INDEX healthsave_batches_by_received ON healthsave_batches (received_ms, id);
            -- Coverage groups every batch by metric.
            CREATE INDEX healthsave_batches_by_metric ON healthsave_batches (metric, received_ms);
            """)
        }
        migrator.register(7, "day totals reported by HealthKit statistics") { db in
            // One reported total per (metric, local day): it stands for the day where it
            // exists; the raw samples keep the per-source split (see DayTotal).
            try db.execute("""
            CREATE TABLE day_totals (
                metric     TEXT    NOT NULL,
                day        INTEGER NOT NULL,   -- days since 1970-01-01 of the local date
                value      REAL    NOT NULL,
                source     TEXT    NOT NULL,
                sample_key TEXT    NOT NULL,
                updated_ms INTEGER NOT NULL,
                PRIMARY KEY (metric, day)
            ) WITHOUT ROWID;
            """)
        }
        migrator.register(8, "scoped API tokens") { db in
            // Named tokens from `healthd token create`: only the SHA-256 of each token is
            // kept; `scopes` is a comma-separated list of Scope names.
            try db.execute("""
            CREATE TABLE api_tokens (
                name       TEXT    PRIMARY KEY,
                token_hash TEXT    NOT NULL UNIQUE,
                scopes     TEXT    NOT NULL,
                created_ms INTEGER NOT NULL
            );
            """)
        }
        migrator.register(9, "last write per sync client and source") { db in
            // Which adapter (native ingest, HealthSave, Health Auto Export, import,
            // observation batches) last wrote samples of a source, and when: the sync
            // view's "is the phone still syncing" answer. One row per (client, source),
            // updated in the ingest transaction, so it never disagrees with the samples.
            try db.execute("""
            CREATE TABLE sync_clients (
                client          TEXT    NOT NULL,
                source          TEXT    NOT NULL,   -- '' when the samples named none
                last_sample_ms  INTEGER NOT NULL,   -- the latest sample end time this client sent for the source
                last_request_ms INTEGER NOT NULL,   -- when the latest request carrying the source was stored
                samples         INTEGER NOT NULL,   -- samples received (re-sends included)
                PRIMARY KEY (client, source)
            ) WITHOUT ROWID;
            """)
        }
        migrator.register(10, "when a day's samples last arrived, when a settled day was revised, its primary source") { db in
            // arrived_ms: the last time a sample (or a deletion) for the day was stored, so a
            // day still receiving a phone's sync reads as provisional. revised_ms: the last
            // time a change arrived for a day that had already settled. Rows that predate
            // this version take their last change as their last arrival. source: the source
            // the day's number is mainly owed to (DayAggregate.primarySource), which personal
            // baselines compare; kept in a column so a year of days needs no JSON read. The
            // index on (metric, day) makes one metric's days one range read.
            try db.execute("""
            ALTER TABLE day_aggregates ADD COLUMN arrived_ms INTEGER;
            ALTER TABLE day_aggregates ADD COLUMN revised_ms INTEGER;
            ALTER TABLE day_aggregates ADD COLUMN source TEXT;
            UPDATE day_aggregates SET arrived_ms = updated_ms, source = \(JudgementReads.primarySourceSQL);
            CREATE INDEX day_aggregates_by_metric ON day_aggregates (metric, day);
            """)
        }
        migrator.register(11, "changes feed, webhooks and their outbox, what the feed watcher remembers") { db in
            try db.execute(ChangeFeedSchema.version11)
        }
        migrator.registerStepped(SampleLayoutConversion.version, SampleLayoutConversion.name) { db in
            try SampleLayoutConversion.step(db, rows: rows)
        }
        return migrator
    }
}
