import HealthDomain
import SQLiteStore

/// The mapping between `Sample` and a `samples` row (schema version 12): the SQL and the
/// bind/decode code live together so the layout is written down once.
///
/// A row names its metric and its origin (sent unit, source name, bundle id, device,
/// zone) by small integers (``SampleInterner``), stores its key packed (``StoredKey``),
/// its end as a duration, its number compactly (``StoredValue``) and its update time as
/// the difference from its receive time. The primary key (metric, start, key) keeps a
/// metric's samples in time order, so a day's samples are adjacent and new ones append.
enum SampleRow {
    /// The tables a decoded row reads: the row, its metric name and its origin.
    static let from = "samples s JOIN sample_metrics m ON m.id = s.metric JOIN sample_origins o ON o.id = s.origin"

    /// The columns ``decode(_:offset:)`` reads, in `Sample`'s order.
    static let columns = "s.key, m.name, s.start_ms, s.duration_ms, s.value, s.category, o.unit, o.source_name, "
        + "o.source_bundle_id, o.timezone, s.sync_identifier, o.device, s.metadata"

    /// How many columns `columns` names: a caller may select more after them.
    static let columnCount: Int32 = 13

    /// The id of the metric named by parameter `n`, as a scalar subquery (NULL, matching
    /// nothing, for a name never stored).
    static func metricId(parameter n: Int) -> String { "(SELECT id FROM sample_metrics WHERE name = ?\(n))" }

    /// Decodes a row selected with `columns` starting at column `offset`.
    static func decode(_ row: Row, offset: Int32 = 0) -> Sample {
        let start = row.int64(offset + 2)
        return Sample(sampleKey: StoredKey.decode(row.value(offset)), metric: Metric(rawValue: row.text(offset + 1)),
                      startTimeMs: start, endTimeMs: start + row.int64(offset + 3),
                      valueNumber: StoredValue.decode(row.value(offset + 4)), categoryValue: row.optionalText(offset + 5),
                      unit: row.text(offset + 6), sourceName: row.optionalText(offset + 7),
                      sourceBundleId: row.optionalText(offset + 8), timezone: row.text(offset + 9),
                      syncIdentifier: row.optionalText(offset + 10), device: row.optionalText(offset + 11),
                      metadata: row.optionalText(offset + 12))
    }

    /// Sorts samples read in primary-key order into (start, key) order, the order raw
    /// pages and identity decisions use: the stored key's bytes order the samples of one
    /// instant differently than the keys' text does.
    static func sortedByStartAndKey(_ samples: [Sample]) -> [Sample] {
        samples.sorted {
            $0.startTimeMs != $1.startTimeMs ? $0.startTimeMs < $1.startTimeMs
                : $0.sampleKey.utf8.lexicographicallyPrecedes($1.sampleKey.utf8)
        }
    }

    /// Every stored sample with its receive and update times, in key order: for tests and
    /// tools that compare whole databases.
    static func all(db: Database) throws -> [(sample: Sample, receivedMs: Int64, updatedMs: Int64)] {
        try db.query("SELECT \(columns), s.received_ms, s.received_ms + s.updated_delta_ms FROM \(from)", []) { row in
            (decode(row), row.int64(columnCount), row.int64(columnCount + 1))
        }.sorted { $0.sample.sampleKey.utf8.lexicographicallyPrecedes($1.sample.sampleKey.utf8) }
    }

    // MARK: Aggregation

    /// The columns day aggregation reads. Unit and sync identifier never decide a day's
    /// numbers (values are stored in the canonical unit), so recomputation skips them and
    /// the metric it already knows; the origin comes as its id, decoded once per read
    /// (``OriginNames``): fewer strings built per row on the hottest read path.
    /// Metadata is read only where it holds a summarised reading's extremes
    /// (`readingMin`/`readingMax`, see `Sample.readingMinKey`); every other row yields NULL.
    static let aggregationColumns = "s.key, s.start_ms, s.duration_ms, s.value, s.category, s.origin, "
        + "CASE WHEN s.metadata LIKE '%\"readingM%' OR s.metadata LIKE '%\"aggregatedNight\"%' THEN s.metadata END"

    /// The table `aggregationColumns` reads.
    static let aggregationFrom = "samples s"

    /// How many columns `aggregationColumns` names: a caller may select more after them.
    static let aggregationColumnCount = 7

    /// Decodes a row selected with `aggregationColumns` for a known metric.
    static func decodeForAggregation(_ row: Row, metric: Metric, origins: inout OriginNames, db: Database) throws -> Sample {
        let start = row.int64(1)
        let origin = try origins.origin(row.int64(5), db: db)
        return Sample(sampleKey: StoredKey.decode(row.value(0)), metric: metric, startTimeMs: start, endTimeMs: start + row.int64(2),
                      valueNumber: StoredValue.decode(row.value(3)), categoryValue: row.optionalText(4), unit: "",
                      sourceName: origin.sourceName, sourceBundleId: origin.sourceBundleId, timezone: origin.timezone,
                      metadata: row.optionalText(6))
    }

    // MARK: Finding by key

    static let selectMovable = "SELECT \(columns) FROM \(from) WHERE s.key = ?1 AND s.\(StoredKey.movableSQL)"
    static let selectPlaced = "SELECT \(columns) FROM \(from) WHERE s.start_ms >> \(StoredKey.periodShift) = ?2 AND s.key = ?1 AND s.\(StoredKey.placedSQL)"
    static let nextPeriod = """
        SELECT s.start_ms >> \(StoredKey.periodShift) FROM samples s
         WHERE s.start_ms >> \(StoredKey.periodShift) > ?1 AND s.\(StoredKey.placedSQL) ORDER BY 1 LIMIT 1
        """

    /// The sample stored under `key` that an arriving sample starting at `startMs` is: for
    /// a movable key the one sample under it wherever it is, for a placed key the one in
    /// the period of `startMs` (one probe, near the pages recent writes touched).
    static func find(key: String, near startMs: Int64, db: Database) throws -> Sample? {
        try find(key: key, near: startMs, interner: SampleInterner(db: db))
    }

    /// ``find(key:near:db:)`` with the statements of `interner`'s transaction.
    static func find(key: String, near startMs: Int64, interner: SampleInterner) throws -> Sample? {
        try find(stored: StoredKey.encode(key), near: startMs, interner: interner)
    }

    /// ``find(key:near:interner:)`` of a key already in its stored form.
    static func find(stored: SQLiteValue, near startMs: Int64, interner: SampleInterner) throws -> Sample? {
        if StoredKey.isPlaced(stored) {
            return try first(interner.statement(.findPlaced), [stored, .integer(StoredKey.period(of: startMs))])
        }
        return try first(interner.statement(.findMovable), [stored])
    }

    /// Every sample stored under `key`, wherever it is: the movable key's one sample, or
    /// the placed key's samples in every period holding placed keys (`periods`, see
    /// ``periods(db:)``). For deletions and lookups that know the key alone.
    static func findAll(key: String, periods: () throws -> [Int64], db: Database) throws -> [Sample] {
        let stored = StoredKey.encode(key)
        guard StoredKey.isPlaced(stored) else { return try first(db.statement(selectMovable), [stored]).map { [$0] } ?? [] }
        let placed = try db.statement(selectPlaced)
        var found: [Sample] = []
        for period in try periods() {
            if let sample = try first(placed, [stored, .integer(period)]) { found.append(sample) }
        }
        return found
    }

    /// The periods of `samples_by_period_key` that hold a sample, ascending: one index
    /// seek each.
    static func periods(db: Database) throws -> [Int64] {
        let next = try db.statement(nextPeriod)
        defer { next.reset() }
        var periods: [Int64] = []
        var after = Int64.min
        while true {
            try next.bind(1, after)
            guard try next.step(), let period = next.optionalInt64(0) else { break }
            next.reset()
            periods.append(period)
            after = period
        }
        return periods
    }

    private static func first(_ statement: Statement, _ bindings: [SQLiteValue]) throws -> Sample? {
        defer { statement.reset() }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        return decode(statement.row)
    }

    // MARK: Writing

    static let insertSQL = """
        INSERT INTO samples (metric, start_ms, key, duration_ms, value, category, origin, sync_identifier, metadata, received_ms, updated_delta_ms)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        """

    /// ``insertSQL`` that stores nothing when the key is taken: the unique indexes
    /// (`samples_by_key`, `samples_by_period_key`) and the primary key conflict exactly
    /// where ``find(stored:near:interner:)`` would find a sample under the key.
    static let insertIfAbsentSQL = insertSQL + " ON CONFLICT DO NOTHING"

    /// Stores `sample` as a new row received at `receivedMs` and last updated at `updatedMs`.
    static func insert(_ sample: Sample, receivedMs: Int64, updatedMs: Int64, interner: SampleInterner, db: Database) throws {
        try insert(sample, as: Packed(sample, interner: interner, create: true), receivedMs: receivedMs, updatedMs: updatedMs, interner: interner)
    }

    /// A sample row's stored key, value, metric id and origin id, as bound.
    struct Packed {
        var key: SQLiteValue
        var value: SQLiteValue
        var metricId: Int64?
        var originId: Int64?

        init(key: SQLiteValue, value: SQLiteValue, metricId: Int64?, originId: Int64?) {
            (self.key, self.value, self.metricId, self.originId) = (key, value, metricId, originId)
        }

        /// `sample`'s parts, its ids found (or created when `create`) through `interner`.
        init(_ sample: Sample, interner: SampleInterner, create: Bool) throws {
            self.init(key: StoredKey.encode(sample.sampleKey), value: StoredValue.encode(sample.valueNumber),
                      metricId: try interner.metricId(sample.metric.rawValue, create: create),
                      originId: try interner.originId(sample, create: create))
        }
    }

    /// ``insert(_:receivedMs:updatedMs:interner:db:)`` with the row's parts packed (ids created).
    static func insert(_ sample: Sample, as packed: Packed, receivedMs: Int64, updatedMs: Int64, interner: SampleInterner) throws {
        try insert(sample, as: packed, receivedMs: receivedMs, updatedMs: updatedMs, statement: interner.statement(.insert))
    }

    /// Stores `sample` as a new row unless a sample is stored under its key (false: nothing
    /// stored), in one statement where a lookup and an insert would take two.
    static func insertIfAbsent(_ sample: Sample, as packed: Packed, receivedMs: Int64, updatedMs: Int64, interner: SampleInterner) throws -> Bool {
        try insert(sample, as: packed, receivedMs: receivedMs, updatedMs: updatedMs, statement: interner.statement(.insertIfAbsent))
        return interner.db.changes == 1
    }

    private static func insert(_ sample: Sample, as packed: Packed, receivedMs: Int64, updatedMs: Int64, statement insert: Statement) throws {
        try insert.bind(1, packed.metricId!)
        try insert.bind(2, sample.startTimeMs)
        try insert.bind(3, packed.key)
        try bindContent(sample, packed, from: 4, to: insert)
        try insert.bind(10, receivedMs)
        try insert.bind(11, updatedMs - receivedMs)
        try insert.run()
    }

    static let updateSQL = """
        UPDATE samples SET metric = ?4, start_ms = ?5, duration_ms = ?6, value = ?7, category = ?8, origin = ?9, sync_identifier = ?10,
               metadata = ?11, updated_delta_ms = ?12 - received_ms
         WHERE metric = ?1 AND start_ms = ?2 AND key = ?3
        """

    /// Rewrites the row of `stored` with `sample`'s content (same key; metric and start
    /// may change, which moves the row), updated at `nowMs`.
    static func update(_ stored: Sample, to sample: Sample, nowMs: Int64, interner: SampleInterner, db: Database) throws {
        let update = try interner.statement(.update)
        try bindLocation(of: stored, interner: interner, to: update)
        try update.bind(4, try interner.metricId(sample.metric.rawValue)!)
        try update.bind(5, sample.startTimeMs)
        try update.bind(6, sample.endTimeMs - sample.startTimeMs)
        try update.bind(7, StoredValue.encode(sample.valueNumber))
        try update.bind(8, sample.categoryValue)
        try update.bind(9, try interner.originId(sample)!)
        try update.bind(10, sample.syncIdentifier)
        try update.bind(11, sample.metadata)
        try update.bind(12, nowMs)
        try update.run()
    }

    /// Rewrites the row of `stored` with `adopted`'s metric, value, unit and category,
    /// keeping its times: a raw sample adopted by a catalog that now knows its metric.
    static func adopt(_ stored: Sample, as adopted: Sample, interner: SampleInterner, db: Database) throws {
        let update = try db.statement("""
            UPDATE samples SET metric = ?4, value = ?5, category = ?6, origin = ?7 WHERE metric = ?1 AND start_ms = ?2 AND key = ?3
            """)
        try bindLocation(of: stored, interner: interner, to: update)
        try update.bind(4, try interner.metricId(adopted.metric.rawValue)!)
        try update.bind(5, StoredValue.encode(adopted.valueNumber))
        try update.bind(6, adopted.categoryValue)
        try update.bind(7, try interner.originId(adopted)!)
        try update.run()
    }

    static let deleteSQL = "DELETE FROM samples WHERE metric = ?1 AND start_ms = ?2 AND key = ?3"

    /// Removes the row of `stored`.
    static func delete(_ stored: Sample, interner: SampleInterner, db: Database) throws {
        let delete = try interner.statement(.delete)
        try bindLocation(of: stored, interner: interner, to: delete)
        try delete.run()
    }

    static let unchangedSQL = """
        SELECT 1 FROM samples
         WHERE metric = ?1 AND start_ms = ?2 AND key = ?3 AND duration_ms = ?4 AND value IS ?5 AND category IS ?6 AND origin = ?7
           AND sync_identifier IS ?8 AND metadata IS ?9
        """

    /// Whether `sample` is stored exactly as it is, under its key at its metric and start:
    /// one primary-key probe and no row decoded, for the re-sends that change nothing.
    /// `IS` compares NULLs as equal, as `Sample`'s `==` does.
    static func isStoredUnchanged(_ sample: Sample, interner: SampleInterner, db: Database) throws -> Bool {
        try isStoredUnchanged(sample, as: Packed(sample, interner: interner, create: false), interner: interner)
    }

    /// ``isStoredUnchanged(_:interner:db:)`` with the row's parts packed (ids not created).
    static func isStoredUnchanged(_ sample: Sample, as packed: Packed, interner: SampleInterner) throws -> Bool {
        guard let metric = packed.metricId, packed.originId != nil else { return false }
        let probe = try interner.statement(.unchanged)
        defer { probe.reset() }
        try probe.bind(1, metric)
        try probe.bind(2, sample.startTimeMs)
        try probe.bind(3, packed.key)
        try bindContent(sample, packed, from: 4, to: probe)
        return try probe.step()
    }

    /// Binds duration, value, category, origin, sync identifier and metadata to
    /// parameters `first`…`first + 5`.
    private static func bindContent(_ sample: Sample, _ packed: Packed, from first: Int32, to statement: Statement) throws {
        try statement.bind(first, sample.endTimeMs - sample.startTimeMs)
        try statement.bind(first + 1, packed.value)
        try statement.bind(first + 2, sample.categoryValue)
        try statement.bind(first + 3, packed.originId ?? -1)
        try statement.bind(first + 4, sample.syncIdentifier)
        try statement.bind(first + 5, sample.metadata)
    }

    /// Binds the primary key of the row `stored` was read from to parameters 1–3.
    private static func bindLocation(of stored: Sample, interner: SampleInterner, to statement: Statement) throws {
        try statement.bind(1, try interner.metricId(stored.metric.rawValue, create: false) ?? -1)
        try statement.bind(2, stored.startTimeMs)
        try statement.bind(3, StoredKey.encode(stored.sampleKey))
    }
}
