import Foundation
import JSON
import SQLiteStore

/// `healthd export`: everything the database holds that is not derived, as JSON Lines
/// in a directory, read back by `JSONLinesImport` (`healthd import DIR`).
///
/// The layout (documented in the README): `manifest.json` names the format, its version,
/// the time of the export, the source-priority setting, how binary values are encoded
/// and, per table, its file, row count and binary columns; each `<table>.jsonl` holds one
/// JSON object per line, one row of that table, keyed by column name, integers and reals
/// as numbers, text as strings, NULL as null and a binary value (a BLOB, such as a
/// HealthSave batch's stored answer) as `{"$base64": "…"}`. Day aggregates are derived,
/// so they are not exported: the import rebuilds them from the samples. API tokens are
/// secrets and stay behind.
public enum JSONLinesExport {
    /// The manifest's `format`.
    public static let format = "healthd-export"
    /// The manifest's `version`: 2 added binary values; version 1 exports had none and
    /// read the same.
    public static let version = 2
    /// The manifest's file name.
    public static let manifestName = "manifest.json"
    /// The tables exported, in the order an import writes them (events after intents).
    public static let tables = ["settings", "samples", "day_totals", "workouts", "activity_summaries",
                                "write_intents", "write_intent_events", "healthsave_batches", "sync_clients"]
    /// Settings that describe this database's derivation rather than its data.
    static let derivedSettings: Set<String> = ["metric_catalog", "aggregate_format"]

    /// What an export wrote.
    public struct Report: Sendable, Equatable {
        /// Rows written per table.
        public var rows: [String: Int] = [:]
        /// The columns per table that hold binary values (declared BLOB, or holding one).
        public var binaryColumns: [String: [String]] = [:]
        /// Wall time of the export, in seconds.
        public var seconds: Double = 0
    }

    /// Writes the export of `pool`'s database into `directory`: nothing may be there yet,
    /// or an empty directory, or an earlier export, which is replaced. The files go into a
    /// sibling directory renamed onto `directory` when complete; a failed export removes
    /// it and leaves `directory` as it was. One read transaction, so the files are one snapshot.
    public static func write(pool: DatabasePool, to directory: String, nowMs: Int64) throws -> Report {
        let started = Date()
        let staging = try ExportStaging(target: directory)
        do {
            var report = try writeFiles(pool: pool, into: staging.partial, nowMs: nowMs)
            try staging.install()
            report.seconds = Date().timeIntervalSince(started)
            return report
        } catch {
            staging.discard()
            throw error
        }
    }

    private static func writeFiles(pool: DatabasePool, into directory: String, nowMs: Int64) throws -> Report {
        let (report, priority) = try pool.readSync { db -> (Report, String?) in
            var report = Report()
            for table in tables {
                let written = try writeTable(table, db: db, to: directory + "/" + table + ".jsonl")
                report.rows[table] = written.rows
                report.binaryColumns[table] = written.binaryColumns
            }
            let priority = try db.queryFirst("SELECT value FROM settings WHERE key = 'source_priority'", []) { $0.text(0) }
            return (report, priority)
        }
        var files: [String: JSONValue] = [:]
        for table in tables {
            files[table] = [
                "file": .string(table + ".jsonl"),
                "rows": JSONValue(report.rows[table] ?? 0),
                "binaryColumns": .array((report.binaryColumns[table] ?? []).map { .string($0) }),
            ]
        }
        let manifest: JSONValue = [
            "format": .string(format),
            "version": JSONValue(version),
            "exportedAtMs": JSONValue(nowMs),
            "sourcePriority": JSONValue(priority),
            "binaryEncoding": .string(binaryEncoding),
            "tables": .object(files),
        ]
        // The manifest goes last: a directory with one holds a complete export.
        try writeFile(JSONWriter.serialize(manifest, sortedKeys: true, pretty: true) + [0x0A], to: directory + "/" + manifestName)
        return report
    }

    /// Whether `path` is a directory holding an export's manifest.
    public static func isExport(path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: path + "/" + manifestName)
    }

    /// Creates `path` and writes `bytes` into it, flushed to disk.
    private static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let handle = try create(path)
        defer { try? handle.close() }
        try handle.write(contentsOf: bytes)
        try handle.synchronize()
    }

    private static func create(_ path: String) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ExportError("cannot create \(path)")
        }
        return handle
    }

    /// Writes one table's rows; returns their count and the table's binary columns: those
    /// the schema declares BLOB and any other that held a binary value.
    private static func writeTable(_ table: String, db: Database, to path: String) throws -> (rows: Int, binaryColumns: [String]) {
        let handle = try create(path)
        defer { try? handle.close() }
        var writer = LineWriter(handle: handle)
        if table == "samples" {
            let rows = try SampleExport.write(db: db) { members in try writer.add(members) }
            try writer.finish()
            return (rows, [])
        }
        var binaryColumns = Set(try db.query("SELECT name FROM pragma_table_info(?) WHERE upper(type) = 'BLOB'", [.text(table)]) { $0.text(0) })
        let filter = table == "settings" ? " WHERE key NOT IN (\(derivedSettings.map { "'\($0)'" }.joined(separator: ",")))" : ""
        let statement = try db.statement("SELECT * FROM \(table)\(filter) ORDER BY 1")
        defer { statement.reset() }
        let names = (0..<statement.columnCount).map { statement.columnName($0) }
        var rows = 0
        while try statement.step() {
            var members: [String: JSONValue] = [:]
            for (index, name) in names.enumerated() {
                let value = statement.value(Int32(index))
                if case .blob = value { binaryColumns.insert(name) }
                members[name] = json(value)
            }
            try writer.add(members)
            rows += 1
        }
        try writer.finish()
        return (rows, binaryColumns.sorted())
    }

    /// A stored value as an export line writes it.
    static func json(_ value: SQLiteValue) -> JSONValue {
        switch value {
        case .null: .null
        case .integer(let value): JSONValue(value)
        case .real(let value): JSONValue(value)
        case .text(let value): .string(value)
        case .blob(let bytes): encodeBinary(bytes)
        }
    }

    /// Lines buffered a megabyte at a time, then flushed to disk.
    private struct LineWriter {
        let handle: FileHandle
        var buffer: [UInt8] = []

        init(handle: FileHandle) {
            self.handle = handle
            buffer.reserveCapacity(1 << 20)
        }

        mutating func add(_ members: [String: JSONValue]) throws {
            buffer += JSONWriter.serialize(.object(members))
            buffer.append(0x0A)
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }

        mutating func finish() throws {
            try handle.write(contentsOf: buffer)
            try handle.synchronize()
        }
    }
}
