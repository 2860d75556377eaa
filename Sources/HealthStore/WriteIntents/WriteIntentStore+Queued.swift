import HealthDomain
import SQLiteStore

extension WriteIntentStore {
    /// Queued amounts of `metric` per local day in `days` (each intent on the local date
    /// of its start in its own time zone): pending + failed + applied-but-unreconciled.
    /// Days without queued intents are absent. For summaries and `/health/query` to show
    /// beside — never inside — the day totals.
    public func queuedTotals(metric: Metric, days: ClosedRange<DayKey>) async throws -> [DayKey: QueuedAmount] {
        let unit = catalog.spec(for: metric)?.unit ?? ""
        return try await pool.read { db in try WriteIntentStore.queuedTotals(metric: metric, unit: unit, days: days, db: db) }
    }

    /// ``queuedTotals(metric:days:)`` inside a transaction the caller already holds.
    static func queuedTotals(metric: Metric, unit: String, days: ClosedRange<DayKey>, db: Database) throws -> [DayKey: QueuedAmount] {
        var result: [DayKey: QueuedAmount] = [:]
        let rows = try db.query("""
            SELECT day, status, count(*), total(canonical_value) FROM write_intents
            WHERE metric = ?1 AND day BETWEEN ?2 AND ?3 AND status IN \(IntentStatus.queuedSQL)
            GROUP BY day, status
            """, [.text(metric.rawValue), .integer(Int64(days.lowerBound.ordinal)), .integer(Int64(days.upperBound.ordinal))]) {
            (Int($0.int64(0)), $0.text(1), Int($0.int64(2)), $0.double(3))
        }
        for (day, statusText, count, total) in rows {
            guard let status = IntentStatus(rawValue: statusText) else { continue }
            let key = DayKey(ordinal: day)
            var amount = result[key] ?? QueuedAmount(unit: unit)
            amount.total += total
            amount.count += count
            amount.countsByStatus[status, default: 0] += count
            amount.totalsByStatus[status, default: 0] += total
            result[key] = amount
        }
        return result
    }
}
