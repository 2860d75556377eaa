import HealthDomain
import SQLiteStore
import JSON

/// Answers a parsed intent in one read transaction: the timezone (which may come from
/// the latest sample), the queued write intents and the day aggregates are all read from
/// one consistent snapshot, in one reader job.
struct QueryRunner: Sendable {
    let services: AppServices

    func run(_ intent: QueryIntent) async throws -> JSONValue {
        let services = self.services
        let nowMs = services.clock.now()
        return try await services.store.pool.read { db in try QueryRunner.answer(intent, services: services, nowMs: nowMs, db: db) }
    }

    /// The answer, read through `db` only, in the detail asked for.
    static func answer(_ intent: QueryIntent, detail: AnswerDetail = .full, services: AppServices, nowMs: Int64, db: Database) throws -> JSONValue {
        let zone = try SummaryZone.resolve(requested: intent.timezone, serverDefault: services.config.defaultTimezone, db: db)
        if let judged = try judgement(intent, detail: detail, zone: zone, services: services, nowMs: nowMs, db: db) { return judged }
        let full = try summary(intent, zone: zone, services: services, nowMs: nowMs, db: db)
        return detail == .brief ? BriefAnswer.reduce(full) : full
    }

    /// The full answer of a summary intent in `zone`.
    static func summary(_ intent: QueryIntent, zone: SummaryZone, services: AppServices, nowMs: Int64, db: Database) throws -> JSONValue {
        let priority = services.store.priority
        let queued = services.queuedEntries
        let catalog = services.catalog
        switch intent {
        case .dailySummary(let day, _):
            return try daily(day, label: .day, zone: zone, nowMs: nowMs, services: services, db: db)
        case .yesterdaySummary:
            return try daily(zone.today(nowMs: nowMs).adding(days: -1), label: .yesterday, zone: zone, nowMs: nowMs, services: services, db: db)
        case .rangeSummary(let range, _):
            let entries = try queued.queuedEntries(from: range.from, to: range.to, db: db)
            return try RangeSummary(from: range.from, to: range.to, zone: zone, nowMs: nowMs, queued: entries, priority: priority, catalog: catalog).build(db)
        case .metricSeries(let spec, let range, let bucket, _):
            return try MetricSeries(spec: spec, range: range, bucket: bucket, zone: zone, priority: priority, catalog: catalog).build(db)
        case .compareRanges(let a, let b, let metrics, _):
            return try RangeComparison(a: a, b: b, metrics: metrics, zone: zone, priority: priority, catalog: catalog).build(db)
        case .sleepReport(let range, _):
            return try SleepReport(range: range, zone: zone, priority: priority, catalog: catalog).build(db)
        case .workouts(let range, let type, _):
            return try WorkoutReport(range: range, type: type, zone: zone).build(db)
        case .readiness, .anomalies, .records, .correlation:
            return try judgement(intent, detail: .full, zone: zone, services: services, nowMs: nowMs, db: db) ?? .null
        }
    }

    static func daily(_ day: DayKey, label: DailySummary.Label, zone: SummaryZone, nowMs: Int64, services: AppServices, db: Database) throws -> JSONValue {
        let queued = try services.queuedEntries.queuedEntries(from: day, to: day, db: db)
        return try DailySummary(day: day, zone: zone, label: label, nowMs: nowMs, queued: queued, priority: services.store.priority,
                                catalog: services.catalog).build(db)
    }
}
