import HealthDomain
import SQLiteStore

/// The mapping between `Sample` and a `samples` row: the SQL and the bind/decode code
/// live together so the column order is written down once.
enum SampleRow {
    static let columns = "sample_key, metric, start_ms, end_ms, value, category, unit, source_name, source_bundle_id, timezone, sync_identifier, device, metadata"

    static let selectByKey = "SELECT \(columns) FROM samples WHERE sample_key = ?"

    static let insert = """
        INSERT INTO samples (\(columns), updated_ms, received_ms)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
        """

    static let update = """
        UPDATE samples SET metric = ?2, start_ms = ?3, end_ms = ?4, value = ?5, category = ?6, unit = ?7,
            source_name = ?8, source_bundle_id = ?9, timezone = ?10, sync_identifier = ?11, device = ?12, metadata = ?13,
            updated_ms = ?14
        WHERE sample_key = ?1
        """

    /// Whether the stored row under the sample's key holds exactly these values: one
    /// index probe and no row decoded, for the re-sends that change nothing. `IS`
    /// compares NULLs as equal, as `Sample`'s `==` does.
    static let selectUnchanged = """
        SELECT 1 FROM samples
        WHERE sample_key = ?1 AND metric = ?2 AND start_ms = ?3 AND end_ms = ?4 AND value IS ?5 AND category IS ?6
          AND unit = ?7 AND source_name IS ?8 AND source_bundle_id IS ?9 AND timezone = ?10 AND sync_identifier IS ?11
          AND device IS ?12 AND metadata IS ?13
        """

    /// Whether `sample` is stored exactly as it is, with a prepared `selectUnchanged`.
    static func isStoredUnchanged(_ sample: Sample, with statement: Statement) throws -> Bool {
        try bindContent(sample, to: statement)
        defer { statement.reset() }
        return try statement.step()
    }

    /// Binds parameters 1–14 (and 15, the receive time, for inserts).
    static func bind(_ sample: Sample, to statement: Statement, nowMs: Int64, includeReceived: Bool) throws {
        try bindContent(sample, to: statement)
        try statement.bind(14, nowMs)
        if includeReceived { try statement.bind(15, nowMs) }
    }

    /// Binds the stored columns, parameters 1–13 in `columns` order.
    static func bindContent(_ sample: Sample, to statement: Statement) throws {
        try statement.bind(1, sample.sampleKey)
        try statement.bind(2, sample.metric.rawValue)
        try statement.bind(3, sample.startTimeMs)
        try statement.bind(4, sample.endTimeMs)
        try statement.bind(5, sample.valueNumber)
        try statement.bind(6, sample.categoryValue)
        try statement.bind(7, sample.unit)
        try statement.bind(8, sample.sourceName)
        try statement.bind(9, sample.sourceBundleId)
        try statement.bind(10, sample.timezone)
        try statement.bind(11, sample.syncIdentifier)
        try statement.bind(12, sample.device)
        try statement.bind(13, sample.metadata)
    }

    /// Decodes a row selected with `columns` starting at column `offset`.
    static func decode(_ row: Row, offset: Int32 = 0) -> Sample {
        Sample(sampleKey: row.text(offset), metric: Metric(rawValue: row.text(offset + 1)),
               startTimeMs: row.int64(offset + 2), endTimeMs: row.int64(offset + 3),
               valueNumber: row.optionalDouble(offset + 4), categoryValue: row.optionalText(offset + 5),
               unit: row.text(offset + 6), sourceName: row.optionalText(offset + 7),
               sourceBundleId: row.optionalText(offset + 8), timezone: row.text(offset + 9),
               syncIdentifier: row.optionalText(offset + 10), device: row.optionalText(offset + 11),
               metadata: row.optionalText(offset + 12))
    }

    /// The columns day aggregation reads. Unit and sync identifier never decide a day's
    /// numbers (values are stored in the canonical unit), so recomputation skips them and
    /// the metric it already knows: fewer strings built per row on the hottest read path.
    /// Metadata is read only where it holds a summarised reading's extremes
    /// (`readingMin`/`readingMax`, see `Sample.readingMinKey`); every other row yields NULL.
    static let aggregationColumns = "sample_key, start_ms, end_ms, value, category, source_name, source_bundle_id, timezone, "
        + "CASE WHEN metadata LIKE '%\"readingM%' OR metadata LIKE '%\"aggregatedNight\"%' THEN metadata END"

    /// How many columns `aggregationColumns` names: a caller may select more after them.
    static let aggregationColumnCount = 9

    /// Decodes a row selected with `aggregationColumns` for a known metric.
    static func decodeForAggregation(_ row: Row, metric: Metric) -> Sample {
        Sample(sampleKey: row.text(0), metric: metric, startTimeMs: row.int64(1), endTimeMs: row.int64(2),
               valueNumber: row.optionalDouble(3), categoryValue: row.optionalText(4), unit: "",
               sourceName: row.optionalText(5), sourceBundleId: row.optionalText(6), timezone: row.text(7),
               metadata: row.optionalText(8))
    }

    /// The stored sample for `key`, using a prepared `selectByKey` statement.
    static func fetch(key: String, with statement: Statement) throws -> Sample? {
        try statement.bind(1, key)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return decode(statement.row)
    }
}
