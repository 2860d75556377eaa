import Foundation
import JSON
import SQLiteStore

/// `healthd export`: everything the database holds that is not derived, as JSON Lines
/// in a directory, read back by `JSONLinesImport` (`healthd import DIR`).
///
/// The layout (documented in the README): `manifest.json` names the format, its version,
/// the time of the export, the source-priority setting and, per table, its file and row
/// count; each `<table>.jsonl` holds one JSON object per line, one row of that table,
/// keyed by column name, integers and reals as numbers, text as strings, NULL as null.
/// Day aggregates are derived, so they are not exported: the import rebuilds them from
/// the samples. API tokens are secrets and stay behind.
public enum JSONLinesExport {
    /// The manifest's `format`.
    public static let format = "healthd-export"
    /// The manifest's `version`.
    public static let version = 1
    /// The manifest's file name.
    public static let manifestName = "manifest.json"
    /// The tables exported, in the order an import writes them (events after intents).
    public static let tables = ["settings", "samples", "day_totals", "workouts", "activity_summaries",
                                "write_intents", "write_intent_events", "healthsave_batches"]
    /// Settings that describe this database's derivation rather than its data.
    static let derivedSettings: Set<String> = ["metric_catalog", "aggregate_format"]

    /// What an export wrote.
    public struct Report: Sendable, Equatable {
        /// Rows written per table.
        public var rows: [String: Int] = [:]
        /// Wall time of the export, in seconds.
        public var seconds: Double = 0
    }

    /// Writes the export of `pool`'s database into `directory` (created; existing export
    /// files in it are replaced). One read transaction, so the files are one snapshot.
    public static func write(pool: DatabasePool, to directory: String, nowMs: Int64) throws -> Report {
        let started = Date()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var report = try pool.readSync { db -> Report in
            var report = Report()
            for table in tables {
                report.rows[table] = try writeTable(table, db: db, to: directory + "/" + table + ".jsonl")
            }
            return report
        }
        let priority = try pool.readSync { db in
            try db.queryFirst("SELECT value FROM settings WHERE key = 'source_priority'", []) { $0.text(0) }
        }
        var files: [String: JSONValue] = [:]
        for table in tables {
            files[table] = ["file": .string(table + ".jsonl"), "rows": JSONValue(report.rows[table] ?? 0)]
        }
        let manifest: JSONValue = [
            "format": .string(format),
            "version": JSONValue(version),
            "exportedAtMs": JSONValue(nowMs),
            "sourcePriority": JSONValue(priority),
            "tables": .object(files),
        ]
        // The manifest goes last: a directory with one holds a complete export.
        try Data(JSONWriter.serialize(manifest, sortedKeys: true, pretty: true) + [0x0A])
            .write(to: URL(fileURLWithPath: directory + "/" + manifestName), options: .atomic)
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Whether `path` is a directory holding an export's manifest.
    public static func isExport(path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: path + "/" + manifestName)
    }

    private static func writeTable(_ table: String, db: Database, to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ExportError("cannot create \(path)")
        }
        defer { try? handle.close() }
        let filter = table == "settings" ? " WHERE key NOT IN (\(derivedSettings.map { "'\($0)'" }.joined(separator: ",")))" : ""
        let statement = try db.statement("SELECT * FROM \(table)\(filter) ORDER BY 1")
        defer { statement.reset() }
        let names = (0..<statement.columnCount).map { statement.columnName($0) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var rows = 0
        while try statement.step() {
            var members: [String: JSONValue] = [:]
            for (index, name) in names.enumerated() {
                switch statement.value(Int32(index)) {
                case .null: members[name] = .null
                case .integer(let value): members[name] = JSONValue(value)
                case .real(let value): members[name] = JSONValue(value)
                case .text(let value): members[name] = .string(value)
                case .blob: throw ExportError("\(table).\(name) holds a blob, which this export format does not carry")
                }
            }
            buffer += JSONWriter.serialize(.object(members))
            buffer.append(0x0A)
            rows += 1
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        try handle.synchronize()
        return rows
    }
}
