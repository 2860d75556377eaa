import Foundation
import JSON
import SQLiteStore

/// Reads a `JSONLinesExport` directory back into a database (`healthd import DIR`).
///
/// Rows are written as they were exported — a sample keeps its key, times, sent unit and
/// received time — replacing a row with the same key, in transactions of a few thousand
/// rows; a binary value (`{"$base64": "…"}`) is written back as the same bytes. Then
/// every day aggregate is rebuilt from the samples under the store's rules.
/// Importing into an empty database gives back the exported one; importing twice changes
/// nothing. A line that is not a JSON object of the table's columns stops the import with
/// its file and line named (rows before it are kept; re-running completes it).
public enum JSONLinesImport {
    /// What an import read.
    public struct Report: Sendable, Equatable {
        /// Rows read per table.
        public var rows: [String: Int] = [:]
        /// Day aggregates the rebuild wrote.
        public var aggregates = 0
        /// Wall time of the import, in seconds.
        public var seconds: Double = 0
    }

    static let rowsPerTransaction = 5_000

    /// Imports the export in `directory` into `store`.
    public static func run(directory: String, store: SampleStore, nowMs: Int64) throws -> Report {
        let started = Date()
        let manifestPath = directory + "/" + JSONLinesExport.manifestName
        guard let manifestData = FileManager.default.contents(atPath: manifestPath),
              let manifest = try? JSONParser.parse(Array(manifestData)) else {
            throw ExportError("\(manifestPath) is missing or not JSON")
        }
        guard manifest["format"]?.stringValue == JSONLinesExport.format else {
            throw ExportError("\(manifestPath) is not a healthd export (format is not '\(JSONLinesExport.format)')")
        }
        guard let version = manifest["version"]?.doubleValue, Int(version) <= JSONLinesExport.version else {
            throw ExportError("\(manifestPath) has a version this healthd does not read")
        }
        var report = Report()
        for table in JSONLinesExport.tables {
            guard let file = manifest["tables"]?[table]?["file"]?.stringValue else { continue }
            guard !file.contains("/") else { throw ExportError("\(manifestPath): the file of \(table) must lie in the export directory") }
            report.rows[table] = try importTable(table, path: directory + "/" + file, pool: store.pool)
        }
        let rules = store.rules
        report.aggregates = try store.pool.writeSync { db in
            try SampleStore.rebuild(db: db, rules: rules, nowMs: nowMs)
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    private static func importTable(_ table: String, path: String, pool: DatabasePool) throws -> Int {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ExportError("cannot open \(path)") }
        defer { try? handle.close() }
        // Samples are written through their layout (SampleExport), under the columns they
        // are exported with; every other table as its columns are.
        let columns = table == "samples" ? SampleExport.columns
            : Set(try pool.readSync { db in try db.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) } })
        var rows: [[String: SQLiteValue]] = []
        var lines: [Int] = []
        var total = 0
        var lineNumber = 0
        var pending: [UInt8] = []
        func flush() throws {
            guard !rows.isEmpty else { return }
            let batch = rows
            let numbers = lines
            rows.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
            try pool.writeSync { db in
                if table == "samples" {
                    try SampleExport.store(zip(numbers, batch).map { (line: $0, row: $1) }, path: path, db: db)
                    return
                }
                for row in batch {
                    let names = row.keys.sorted()
                    let sql = "INSERT OR REPLACE INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
                    try db.run(sql, names.map { row[$0]! })
                }
            }
        }
        func take(_ line: ArraySlice<UInt8>) throws {
            lineNumber += 1
            guard !line.isEmpty else { return }
            guard case .object(let members)? = try? JSONParser.parse(line) else {
                throw ExportError("\(path) line \(lineNumber) is not a JSON object")
            }
            var row: [String: SQLiteValue] = [:]
            for (name, value) in members {
                guard columns.contains(name) else { throw ExportError("\(path) line \(lineNumber): \(table) has no column '\(name)'") }
                switch value {
                case .null: row[name] = .null
                case .string(let text): row[name] = .text(text)
                case .number(let number):
                    row[name] = number.rounded() == number && abs(number) < 9e15 ? .integer(Int64(number)) : .real(number)
                case .object(let object):
                    guard let bytes = JSONLinesExport.decodeBinary(object) else {
                        throw ExportError("\(path) line \(lineNumber): \(table).\(name) is an object other than {\"\(JSONLinesExport.base64Key)\": \"<base64>\"}")
                    }
                    row[name] = .blob(bytes)
                case .bool, .array:
                    throw ExportError("\(path) line \(lineNumber): \(table).\(name) must be a number, a string, null or {\"\(JSONLinesExport.base64Key)\": \"<base64>\"}")
                }
            }
            rows.append(row)
            lines.append(lineNumber)
            total += 1
            if rows.count >= rowsPerTransaction { try flush() }
        }
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            pending += chunk
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                try take(pending[start..<newline])
                start = newline + 1
            }
            pending.removeSubrange(..<start)
        }
        try take(pending[...])
        try flush()
        return total
    }
}
