import SQLiteStore

/// Per origin (``SampleInterner``: unit, source, device, zone) the latest sample end and
/// the number of samples, from one scan of two integers a row.
///
/// Grouped here rather than by `GROUP BY`: without an index on the origin SQLite sorts
/// every row to group them, while the handful of origins fit a dictionary. There is no
/// index by origin, so this reads every row (about 0.7 s for two million samples):
/// callers decide how often that is worth it.
enum OriginEnds {
    static func scan(_ db: Database) throws -> [Int64: (lastMs: Int64, count: Int64)] {
        var byOrigin: [Int64: (lastMs: Int64, count: Int64)] = [:]
        let statement = try db.statement("SELECT origin, start_ms + duration_ms FROM samples")
        defer { statement.reset() }
        while try statement.step() {
            let origin = statement.int64(0)
            let end = statement.int64(1)
            if let seen = byOrigin[origin] {
                byOrigin[origin] = (max(seen.lastMs, end), seen.count + 1)
            } else {
                byOrigin[origin] = (end, 1)
            }
        }
        return byOrigin
    }
}
