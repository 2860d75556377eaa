import HealthDomain
import SQLiteStore

/// What the store knows about the shape of one metric's samples — the longest duration
/// and the range of UTC offsets they were recorded at — which bounds the time window a
/// day's recomputation has to read.
struct MetricExtent: Equatable {
    var maxDurationMs: Int64
    var minOffsetSeconds: Int
    var maxOffsetSeconds: Int

    /// The extent of a single sample.
    init(_ sample: Sample, offsetSeconds: Int) {
        maxDurationMs = sample.durationMs
        minOffsetSeconds = offsetSeconds
        maxOffsetSeconds = offsetSeconds
    }

    init(maxDurationMs: Int64, minOffsetSeconds: Int, maxOffsetSeconds: Int) {
        self.maxDurationMs = maxDurationMs
        self.minOffsetSeconds = minOffsetSeconds
        self.maxOffsetSeconds = maxOffsetSeconds
    }

    /// Grows to include `other`; true when anything changed.
    mutating func formUnion(_ other: MetricExtent) -> Bool {
        let before = self
        maxDurationMs = max(maxDurationMs, other.maxDurationMs)
        minOffsetSeconds = min(minOffsetSeconds, other.minOffsetSeconds)
        maxOffsetSeconds = max(maxOffsetSeconds, other.maxOffsetSeconds)
        return self != before
    }

    /// Slack for the offset at a day's boundary differing from the offsets seen at sample
    /// times (a DST change between them), with room to spare.
    static let slackMs: Int64 = 2 * 3_600_000
    /// A sleep night reaches back to 18:00 of the previous local day.
    static let nightReachMs: Int64 = 6 * 3_600_000

    /// The start-time window that holds every sample attributed to UTC days `first…last`:
    /// a local day begins `offset` before its UTC day, and a sample reaching into it may
    /// start up to `maxDuration` earlier still.
    func startWindow(first: DayKey, last: DayKey, kind: MetricKind) -> (low: Int64, high: Int64) {
        let dayMs: Int64 = 86_400_000
        let reach = kind == .sleep ? MetricExtent.nightReachMs : 0
        let low = Int64(first.ordinal) * dayMs - Int64(maxOffsetSeconds) * 1000 - reach - MetricExtent.slackMs - maxDurationMs
        let high = Int64(last.ordinal + 1) * dayMs - Int64(minOffsetSeconds) * 1000 + MetricExtent.slackMs
        return (low, high)
    }

    static func loadAll(_ db: Database) throws -> [Metric: MetricExtent] {
        var result: [Metric: MetricExtent] = [:]
        for (metric, extent) in try db.query("SELECT metric, max_duration_ms, min_offset_s, max_offset_s FROM metric_stats", [], {
            ($0.text(0), MetricExtent(maxDurationMs: $0.int64(1), minOffsetSeconds: Int($0.int64(2)), maxOffsetSeconds: Int($0.int64(3))))
        }) {
            result[Metric(rawValue: metric)] = extent
        }
        return result
    }

    /// Stores grown extents; they only ever widen, so concurrent knowledge is never lost.
    static func save(_ extents: [Metric: MetricExtent], _ db: Database) throws {
        guard !extents.isEmpty else { return }
        let upsert = try db.statement("""
            INSERT INTO metric_stats (metric, max_duration_ms, min_offset_s, max_offset_s) VALUES (?, ?, ?, ?)
            ON CONFLICT (metric) DO UPDATE SET max_duration_ms = max(max_duration_ms, excluded.max_duration_ms),
                min_offset_s = min(min_offset_s, excluded.min_offset_s), max_offset_s = max(max_offset_s, excluded.max_offset_s)
            """)
        for (metric, extent) in extents.sorted(by: { $0.key < $1.key }) {
            try upsert.bind(1, metric.rawValue)
            try upsert.bind(2, extent.maxDurationMs)
            try upsert.bind(3, Int64(extent.minOffsetSeconds))
            try upsert.bind(4, Int64(extent.maxOffsetSeconds))
            try upsert.run()
        }
    }
}
