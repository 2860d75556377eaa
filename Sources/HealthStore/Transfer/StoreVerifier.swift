import HealthDomain
import SQLiteStore

/// Checks a healthd database the way `healthd verify` reports it: SQLite's own integrity
/// and foreign-key checks, then every stored day aggregate against what a rebuild from
/// the raw samples computes. The rebuild runs inside a transaction that is rolled back,
/// so verifying never changes the database (it holds the write lock while it runs).
public enum StoreVerifier {
    /// One aggregate that differs from its rebuild.
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// The local day, as `YYYY-MM-DD`.
        public var day: String
        /// The canonical metric name.
        public var metric: String
        /// `missing` (the rebuild has it, the store not), `extra` (the reverse) or `differs`.
        public var kind: String
        /// `YYYY-MM-DD metric: kind`, as `healthd verify` prints it.
        public var description: String { "\(day) \(metric): \(kind)" }
    }

    /// What a verification found.
    public struct Report: Sendable, Equatable {
        /// `PRAGMA integrity_check` lines: `["ok"]` when the file is sound.
        public var integrity: [String] = []
        /// `PRAGMA foreign_key_check` problems.
        public var foreignKeyProblems = 0
        /// Raw samples stored.
        public var samples = 0
        /// Day aggregates stored before the trial rebuild.
        public var aggregates = 0
        /// The aggregates that differ from their rebuild (at most the limit asked for).
        public var mismatches: [Mismatch] = []
        /// Whether nothing is wrong.
        public var isConsistent: Bool { integrity == ["ok"] && foreignKeyProblems == 0 && mismatches.isEmpty }
    }

    /// The rollback that undoes the trial rebuild; carries what was found.
    private struct Undo: Error { var mismatches: [Mismatch]; var aggregates: Int; var samples: Int }

    /// Verifies the store behind `pool`; `rules` are the derivation the server uses.
    public static func verify(pool: DatabasePool, rules: Derivation, nowMs: Int64, limit: Int = 100) throws -> Report {
        // SQLite's checks read a snapshot on a reader connection (in WAL mode the writer's
        // uncommitted rebuild is invisible to it) while this thread runs the trial rebuild
        // on the writer: on two cores the two halves, each about half of the time on a
        // large database, overlap instead of adding up.
        let checks = try pool.startRead { db in
            (try db.query("PRAGMA integrity_check(\(limit))", []) { $0.text(0) },
             try db.query("PRAGMA foreign_key_check", []) { _ in 1 }.count)
        }
        let trial = Result { try trialRebuild(pool: pool, rules: rules, nowMs: nowMs, limit: limit) }
        let (integrity, foreignKeys) = try checks.wait()
        var report = try trial.get()
        report.integrity = integrity
        report.foreignKeyProblems = foreignKeys
        return report
    }

    /// Rebuilds every aggregate in a transaction that is rolled back and reports what
    /// differs from the stored ones, with the counts of samples and aggregates.
    private static func trialRebuild(pool: DatabasePool, rules: Derivation, nowMs: Int64, limit: Int) throws -> Report {
        var report = Report()
        do {
            _ = try pool.writeSync { db -> Int in
                try db.execute("""
                CREATE TEMP TABLE IF NOT EXISTS verify_stored AS SELECT day, metric, value, data FROM day_aggregates WHERE 0;
                DELETE FROM temp.verify_stored;
                INSERT INTO temp.verify_stored SELECT day, metric, value, data FROM day_aggregates;
                """)
                let samples = try db.queryFirst("SELECT count(*) FROM samples", []) { Int($0.int64(0)) } ?? 0
                let aggregates = try db.queryFirst("SELECT count(*) FROM temp.verify_stored", []) { Int($0.int64(0)) } ?? 0
                _ = try SampleStore.rebuild(db: db, rules: rules, nowMs: nowMs)
                // Compared as stored: the headline value and the full JSON of each aggregate.
                let sql = """
                SELECT day, metric, 'extra' FROM (SELECT day, metric FROM temp.verify_stored EXCEPT SELECT day, metric FROM day_aggregates)
                UNION ALL
                SELECT day, metric, 'missing' FROM (SELECT day, metric FROM day_aggregates EXCEPT SELECT day, metric FROM temp.verify_stored)
                UNION ALL
                SELECT s.day, s.metric, 'differs' FROM temp.verify_stored s JOIN day_aggregates a ON a.day = s.day AND a.metric = s.metric
                 WHERE a.value IS NOT s.value OR a.data IS NOT s.data
                ORDER BY 1, 2 LIMIT \(limit)
                """
                let found = try db.query(sql, []) { row in
                    Mismatch(day: DayKey(ordinal: Int(row.int64(0))).description, metric: row.text(1), kind: row.text(2))
                }
                throw Undo(mismatches: found, aggregates: aggregates, samples: samples)
            }
        } catch let undo as Undo {
            report.mismatches = undo.mismatches
            report.aggregates = undo.aggregates
            report.samples = undo.samples
        }
        return report
    }
}
