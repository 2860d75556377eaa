import Foundation
import HealthDomain
import Locking
import SQLiteStore

/// Opens (creating when needed) the database, applies migrations, and makes the stored
/// aggregates agree with the configured source priority and metric table.
///
/// A database written by a release before the compact sample layout is converted in
/// place on its first open (``SampleLayoutConversion``), saying so with its progress
/// through `report` (standard error unless the caller says otherwise), then compacted.
public enum StoreOpener {
    public struct Opened: Sendable {
        public var store: SampleStore
        /// Aggregates rebuilt because the source priority, the metric table or the
        /// aggregate format differed from those the stored aggregates were derived with.
        public var rebuiltForPriorityChange: Bool
        /// What this open converted and compacted; nil when there was nothing to do.
        public var conversion: Conversion?
    }

    /// A conversion to the compact sample layout and the compaction after it.
    public struct Conversion: Sendable, Equatable {
        /// Samples converted (a resumed conversion counts those its earlier runs converted too).
        public var samples: Int64
        /// The database file's size (with its write-ahead log) before this open and after, in bytes.
        public var bytesBefore: Int64
        public var bytesAfter: Int64
        /// Wall time, in seconds.
        public var seconds: Double
    }

    /// Writes one line of conversion progress (standard error by default).
    public typealias Reporter = @Sendable (String) -> Void

    /// Lines on standard error, prefixed `healthd: `.
    public static let standardError: Reporter = { line in
        FileHandle.standardError.write(Data(("healthd: " + line + "\n").utf8))
    }

    /// How a conversion runs and says so.
    public struct ConversionOptions: Sendable {
        /// Samples moved per transaction by default: a step of about a second.
        public static let defaultRowsPerStep = 50_000
        /// Samples moved per transaction.
        public var rowsPerStep = defaultRowsPerStep
        /// The least time between two progress lines, in seconds (0: a line per step).
        public var reportEverySeconds = 2.0
        /// Where the lines go.
        public var report: Reporter = StoreOpener.standardError

        public init(rowsPerStep: Int = defaultRowsPerStep, reportEverySeconds: Double = 2,
                    report: @escaping Reporter = StoreOpener.standardError) {
            self.rowsPerStep = max(1, rowsPerStep)
            self.reportEverySeconds = reportEverySeconds
            self.report = report
        }
    }

    public static func open(path: String, priority: SourcePriority, nowMs: Int64, configuration: DatabaseConfiguration = .init(),
                            catalog: MetricCatalog = .standard, conversion options: ConversionOptions = .init()) throws -> Opened {
        if let slash = path.lastIndex(of: "/") { makeDirectories(String(path[..<slash])) }
        let pool = try DatabasePool(path: path, configuration: configuration)
        do {
            let conversion = try migrate(pool, path: path, options: options)
            let store = SampleStore(pool: pool, priority: priority, catalog: catalog)
            let rebuilt = try pool.writeSync { db -> Bool in
                let setting = "SELECT value FROM settings WHERE key = ?"
                let storedPriority = try db.queryFirst(setting, [.text("source_priority")]) { $0.text(0) }
                let storedCatalog = try db.queryFirst(setting, [.text("metric_catalog")]) { $0.text(0) }
                let storedFormat = try db.queryFirst(setting, [.text("aggregate_format")]) { $0.text(0) }
                let catalogPrint = catalog.fingerprint
                let format = String(DayAggregate.format)
                guard storedPriority != priority.fingerprint || storedCatalog != catalogPrint || storedFormat != format else { return false }
                // Aggregates depend on the priority, on which metrics are aggregated how and
                // on what an aggregate holds; when any changed (a new release knows more
                // metrics, or writes source names differently), they are derived anew.
                let hasSamples = try db.queryFirst("SELECT 1 FROM samples LIMIT 1", []) { _ in true } ?? false
                if hasSamples {
                    if storedCatalog != catalogPrint {
                        _ = try SampleStore.adoptRawSamples(db: db, rules: store.rules,
                                                            previouslyKnown: SampleStore.names(inFingerprint: storedCatalog))
                    }
                    _ = try SampleStore.rebuild(db: db, rules: store.rules, nowMs: nowMs)
                }
                let upsert = "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                try db.run(upsert, [.text("source_priority"), .text(priority.fingerprint)])
                try db.run(upsert, [.text("metric_catalog"), .text(catalogPrint)])
                try db.run(upsert, [.text("aggregate_format"), .text(format)])
                return hasSamples
            }
            return Opened(store: store, rebuiltForPriorityChange: rebuilt, conversion: conversion)
        } catch {
            pool.close()
            throw error
        }
    }

    /// Applies the pending migrations; a conversion of stored samples reports its progress
    /// (at most every two seconds) and is followed by compacting the file.
    private static func migrate(_ pool: DatabasePool, path: String, options: ConversionOptions) throws -> Conversion? {
        let migrator = HealthSchema.migrator(conversionRowsPerStep: options.rowsPerStep)
        let report = options.report
        let converting = try pool.readSync { db in try migrator.pendingVersions(db).contains(SampleLayoutConversion.version) }
        let compacting = try pool.readSync { db in
            try db.queryFirst("SELECT 1 FROM sqlite_schema WHERE name = 'settings'", []) { _ in true } != nil
                && db.queryFirst("SELECT 1 FROM settings WHERE key = ?", [.text(SampleLayoutConversion.compactSetting)]) { _ in true } != nil
        }
        guard converting || compacting else {
            _ = try migrator.migrateSync(pool)
            return nil
        }
        let started = Date()
        let bytesBefore = fileSize(path) + fileSize(path + "-wal")
        // Sorting a large table into its indexes and copying the file to compact it use
        // temporary files, not memory (the writer keeps `temp_store = MEMORY` otherwise).
        try pool.writeWithoutTransactionSync { db in try db.execute("PRAGMA temp_store = FILE") }
        defer { try? pool.writeWithoutTransactionSync { db in try db.execute("PRAGMA temp_store = MEMORY") } }
        let state = Locked((converted: Int64(0), lastReport: Date.distantPast, announced: false))
        _ = try migrator.migrateSync(pool) { progress in
            guard progress.version == SampleLayoutConversion.version, progress.total > 0 else { return }
            state.withLock { state in
                if !state.announced {
                    state.announced = true
                    report("converting \(path) to the compact sample layout (schema version \(progress.version)): \(progress.total) samples; "
                           + "an interrupted conversion carries on where it stopped when the database is opened again")
                }
                state.converted = progress.done
                let now = Date()
                guard now.timeIntervalSince(state.lastReport) >= options.reportEverySeconds || progress.done == progress.total else { return }
                state.lastReport = now
                report("converted \(progress.done) of \(progress.total) samples (\(progress.total > 0 ? progress.done * 100 / progress.total : 100)%)")
            }
        }
        let compacted = try compactIfPending(pool, path: path, report: report)
        let converted = state.withLock { $0.converted }
        guard converted > 0 || compacted else { return nil }
        let conversion = Conversion(samples: converted, bytesBefore: bytesBefore, bytesAfter: fileSize(path) + fileSize(path + "-wal"),
                                    seconds: Date().timeIntervalSince(started))
        report("database ready: \(converted) samples converted, \(mebibytes(conversion.bytesBefore)) MiB before, "
               + "\(mebibytes(conversion.bytesAfter)) MiB after, in \(Int(conversion.seconds.rounded())) s")
        return conversion
    }

    /// Rewrites the file without the pages a conversion freed (`VACUUM`), when the last
    /// conversion step asked for it; a compaction cut off is done again on the next open.
    private static func compactIfPending(_ pool: DatabasePool, path: String, report: @escaping Reporter) throws -> Bool {
        try pool.writeWithoutTransactionSync { db -> Bool in
            guard try db.queryFirst("SELECT 1 FROM settings WHERE key = ?", [.text(SampleLayoutConversion.compactSetting)], { _ in true }) != nil else {
                return false
            }
            let pages = try db.queryFirst("PRAGMA page_count", []) { $0.int64(0) } ?? 0
            let free = try db.queryFirst("PRAGMA freelist_count", []) { $0.int64(0) } ?? 0
            let pageSize = try db.queryFirst("PRAGMA page_size", []) { $0.int64(0) } ?? 4096
            // A file with little free space is left as it is: copying it gains nothing.
            if free * 10 > pages {
                report("compacting \(path): \(mebibytes(free * pageSize)) MiB of its \(mebibytes(pages * pageSize)) MiB are free")
                try db.execute("VACUUM")
                try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try db.run("DELETE FROM settings WHERE key = ?", [.text(SampleLayoutConversion.compactSetting)])
            return true
        }
    }

    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    private static func mebibytes(_ bytes: Int64) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `mkdir -p` with mode 0700: the directory holds health data and the token.
    public static func makeDirectories(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") where part != "." {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }
}
