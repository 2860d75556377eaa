import HealthDomain
import JSON

/// Answers a parsed intent: resolves the timezone, asks the queue what is pending for
/// the dates involved, then builds the answer in one read transaction (one consistent
/// snapshot of the day aggregates).
struct QueryRunner: Sendable {
    let services: AppServices

    func run(_ intent: QueryIntent) async throws -> JSONValue {
        let store = services.store
        let zone = try await SummaryZone.resolve(requested: intent.timezone, serverDefault: services.config.defaultTimezone, pool: store.pool)
        let nowMs = services.clock.now()
        let priority = store.priority
        switch intent {
        case .dailySummary(let day, _):
            return try await daily(day, label: .day, zone: zone, nowMs: nowMs)
        case .yesterdaySummary:
            return try await daily(zone.today(nowMs: nowMs).adding(days: -1), label: .yesterday, zone: zone, nowMs: nowMs)
        case .rangeSummary(let range, _):
            let queued = try await services.queuedEntries.queuedEntries(from: range.from, to: range.to)
            let summary = RangeSummary(from: range.from, to: range.to, zone: zone, nowMs: nowMs, queued: queued, priority: priority)
            return try await store.pool.read { db in try summary.build(db) }
        case .metricSeries(let metric, let range, let bucket, _):
            let series = MetricSeries(metric: metric, range: range, bucket: bucket, zone: zone, priority: priority)
            return try await store.pool.read { db in try series.build(db) }
        case .compareRanges(let a, let b, let metrics, _):
            let comparison = RangeComparison(a: a, b: b, metrics: metrics, zone: zone, priority: priority)
            return try await store.pool.read { db in try comparison.build(db) }
        case .sleepReport(let range, _):
            let report = SleepReport(range: range, zone: zone, priority: priority)
            return try await store.pool.read { db in try report.build(db) }
        }
    }

    func daily(_ day: DayKey, label: DailySummary.Label, zone: SummaryZone, nowMs: Int64) async throws -> JSONValue {
        let queued = try await services.queuedEntries.queuedEntries(from: day, to: day)
        let summary = DailySummary(day: day, zone: zone, label: label, nowMs: nowMs, queued: queued, priority: services.store.priority)
        return try await services.store.pool.read { db in try summary.build(db) }
    }
}
