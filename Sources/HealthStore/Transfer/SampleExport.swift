import HealthDomain
import JSON
import SQLiteStore

/// The `samples` lines of an export and their import: one object per sample with the
/// columns samples had as text (`sample_key`, `metric`, `start_ms`, `end_ms`, `value`,
/// `category`, `unit`, `source_name`, `source_bundle_id`, `timezone`, `sync_identifier`,
/// `received_ms`, `updated_ms`, `device`, `metadata`), whatever the stored layout, so
/// exports of every release read alike.
enum SampleExport {
    static let columns: Set<String> = [
        "sample_key", "metric", "start_ms", "end_ms", "value", "category", "unit", "source_name", "source_bundle_id",
        "timezone", "sync_identifier", "received_ms", "updated_ms", "device", "metadata",
    ]

    /// Hands every stored sample to `line`, metric by metric in name order and by start
    /// within a metric; returns how many.
    static func write(db: Database, _ line: ([String: JSONValue]) throws -> Void) throws -> Int {
        let select = try db.statement("""
            SELECT \(SampleRow.columns), s.received_ms, s.received_ms + s.updated_delta_ms FROM \(SampleRow.from)
             WHERE s.metric = \(SampleRow.metricId(parameter: 1)) ORDER BY s.start_ms
            """)
        defer { select.reset() }
        var rows = 0
        for name in try SampleStore.storedMetricNames(db) {
            try select.bind(1, name)
            while try select.step() {
                let sample = SampleRow.decode(select.row)
                func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
                try line([
                    "sample_key": .string(sample.sampleKey), "metric": .string(sample.metric.rawValue),
                    "start_ms": JSONValue(sample.startTimeMs), "end_ms": JSONValue(sample.endTimeMs),
                    "value": sample.valueNumber.map { JSONValue($0) } ?? .null, "category": text(sample.categoryValue),
                    "unit": .string(sample.unit), "source_name": text(sample.sourceName), "source_bundle_id": text(sample.sourceBundleId),
                    "timezone": .string(sample.timezone), "sync_identifier": text(sample.syncIdentifier),
                    "received_ms": JSONValue(select.int64(SampleRow.columnCount)), "updated_ms": JSONValue(select.int64(SampleRow.columnCount + 1)),
                    "device": text(sample.device), "metadata": text(sample.metadata),
                ])
                rows += 1
            }
            select.reset()
        }
        return rows
    }

    /// Stores exported sample lines as they were exported, each replacing the sample
    /// stored under its key (where ingest would find it), in the caller's transaction.
    /// Throws ``ExportError`` naming the line for one that lacks a column or holds a wrong type.
    static func store(_ rows: [(line: Int, row: [String: SQLiteValue])], path: String, db: Database) throws {
        let interner = SampleInterner(db: db)
        for (line, row) in rows {
            func fail(_ column: String) -> ExportError {
                ExportError("\(path) line \(line): samples.\(column) is missing or of the wrong type")
            }
            func text(_ column: String) throws -> String {
                guard case .text(let value)? = row[column] else { throw fail(column) }
                return value
            }
            func optionalText(_ column: String) throws -> String? {
                switch row[column] {
                case nil, .null?: return nil
                case .text(let value)?: return value
                default: throw fail(column)
                }
            }
            func integer(_ column: String) throws -> Int64 {
                guard case .integer(let value)? = row[column] else { throw fail(column) }
                return value
            }
            let value: Double?
            switch row["value"] {
            case nil, .null?: value = nil
            case .integer(let number)?: value = Double(number)
            case .real(let number)?: value = number
            default: throw fail("value")
            }
            let sample = Sample(sampleKey: try text("sample_key"), metric: Metric(rawValue: try text("metric")), startTimeMs: try integer("start_ms"),
                                endTimeMs: try integer("end_ms"), valueNumber: value, categoryValue: try optionalText("category"),
                                unit: try text("unit"), sourceName: try optionalText("source_name"), sourceBundleId: try optionalText("source_bundle_id"),
                                timezone: try text("timezone"), syncIdentifier: try optionalText("sync_identifier"), device: try optionalText("device"),
                                metadata: try optionalText("metadata"))
            guard sample.endTimeMs >= sample.startTimeMs else { throw ExportError("\(path) line \(line): samples.end_ms is before start_ms") }
            if let stored = try SampleRow.find(key: sample.sampleKey, near: sample.startTimeMs, interner: interner) {
                try SampleRow.delete(stored, interner: interner, db: db)
            }
            try SampleRow.insert(sample, receivedMs: try integer("received_ms"), updatedMs: try integer("updated_ms"), interner: interner, db: db)
        }
    }
}
