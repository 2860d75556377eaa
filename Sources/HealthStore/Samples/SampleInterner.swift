import HealthDomain
import SQLiteStore

/// The small integers a sample row names its metric and its origin by (`sample_metrics`,
/// `sample_origins`): each distinct metric name, and each distinct combination of sent
/// unit, source name, bundle id, device and zone, is stored once. One interner serves one
/// write transaction: the ids it remembers were read or created in it, so a rolled-back
/// transaction leaves no id behind that a later one could trust.
///
/// It also holds the transaction's sample statements, each prepared once (``statement(_:)``):
/// the connection's cache finds a statement by hashing its SQL text, which costs more
/// than the lookups a sample makes with it.
final class SampleInterner {
    /// The statements ``statement(_:)`` prepares, by their SQL.
    enum Prepared: Int, CaseIterable {
        case findMovable, findPlaced, insert, insertIfAbsent, update, delete, unchanged, atInstant, metricSelect, metricInsert, originSelect, originInsert

        var sql: String {
            switch self {
            case .findMovable: SampleRow.selectMovable
            case .findPlaced: SampleRow.selectPlaced
            case .insert: SampleRow.insertSQL
            case .insertIfAbsent: SampleRow.insertIfAbsentSQL
            case .update: SampleRow.updateSQL
            case .delete: SampleRow.deleteSQL
            case .unchanged: SampleRow.unchangedSQL
            case .atInstant: SampleStore.atInstantSQL
            case .metricSelect: "SELECT id FROM sample_metrics WHERE name = ?"
            case .metricInsert: "INSERT INTO sample_metrics (name) VALUES (?)"
            case .originSelect: """
                SELECT id FROM sample_origins
                 WHERE unit = ?1 AND source_name IS ?2 AND source_bundle_id IS ?3 AND device IS ?4 AND timezone = ?5
                """
            case .originInsert: "INSERT INTO sample_origins (unit, source_name, source_bundle_id, device, timezone) VALUES (?1, ?2, ?3, ?4, ?5)"
            }
        }
    }

    /// Where a sample comes from and how it was written down, stored once per combination.
    struct Origin: Hashable, Sendable {
        var unit: String
        var sourceName: String?
        var sourceBundleId: String?
        var device: String?
        var timezone: String

        init(unit: String, sourceName: String?, sourceBundleId: String?, device: String?, timezone: String) {
            (self.unit, self.sourceName, self.sourceBundleId, self.device, self.timezone) = (unit, sourceName, sourceBundleId, device, timezone)
        }

        init(_ sample: Sample) {
            unit = sample.unit
            sourceName = sample.sourceName
            sourceBundleId = sample.sourceBundleId
            device = sample.device
            timezone = sample.timezone
        }
    }

    let db: Database
    private var metrics: [String: Int64] = [:]
    private var origins: [Origin: Int64] = [:]
    private var prepared = [Statement?](repeating: nil, count: Prepared.allCases.count)

    init(db: Database) {
        self.db = db
    }

    /// `which` statement, prepared on first use in this transaction.
    func statement(_ which: Prepared) throws -> Statement {
        if let statement = prepared[which.rawValue] { return statement }
        let statement = try db.statement(which.sql)
        prepared[which.rawValue] = statement
        return statement
    }

    /// The id of metric `name`; created when `create` (else nil for a name never stored).
    func metricId(_ name: String, create: Bool = true) throws -> Int64? {
        if let id = metrics[name] { return id }
        let select = try statement(.metricSelect)
        try select.bind(1, name)
        var id = try select.step() ? select.int64(0) : nil
        select.reset()
        if id == nil, create {
            let insert = try statement(.metricInsert)
            try insert.bind(1, name)
            try insert.run()
            id = db.lastInsertRowID
        }
        if let id { metrics[name] = id }
        return id
    }

    /// The id of `sample`'s origin; created when `create` (else nil for one never stored).
    func originId(_ sample: Sample, create: Bool = true) throws -> Int64? {
        try originId(Origin(sample), create: create)
    }

    /// The id of `origin`; created when `create` (else nil for one never stored).
    func originId(_ origin: Origin, create: Bool = true) throws -> Int64? {
        if let id = origins[origin] { return id }
        // `IS` matches NULL fields too, and the unique index answers it.
        let select = try statement(.originSelect)
        try bind(origin, to: select)
        var id = try select.step() ? select.int64(0) : nil
        select.reset()
        if id == nil, create {
            let insert = try statement(.originInsert)
            try bind(origin, to: insert)
            try insert.run()
            id = db.lastInsertRowID
        }
        if let id { origins[origin] = id }
        return id
    }

    private func bind(_ origin: Origin, to statement: Statement) throws {
        try statement.bind(1, origin.unit)
        try statement.bind(2, origin.sourceName)
        try statement.bind(3, origin.sourceBundleId)
        try statement.bind(4, origin.device)
        try statement.bind(5, origin.timezone)
    }
}
