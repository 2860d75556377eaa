import HealthDomain
import JSON
import HealthStore

/// Answers a parsed intent in one read transaction: the timezone (which may come from
/// the latest sample), the queued write intents and the day aggregates are all read from
/// one consistent snapshot, in one reader job.
struct QueryRunner: Sendable {
    let services: AppServices

    func run(_ intent: QueryIntent) async throws -> JSONValue {
        let services = self.services
        let nowMs = services.clock.now()
        return try await services.store.read { reader in try QueryRunner.answer(intent, services: services, nowMs: nowMs, reader: reader) }
    }

    /// The answer, read through `reader` only, in the detail asked for.
    static func answer(_ intent: QueryIntent, detail: AnswerDetail = .full, services: AppServices, nowMs: Int64, reader: StoreReader) throws -> JSONValue {
        let zone = try SummaryZone.resolve(requested: intent.timezone, serverDefault: services.config.defaultTimezone, reader: reader)
        if let judged = try judgement(intent, detail: detail, zone: zone, services: services, nowMs: nowMs, reader: reader) { return judged }
        let full = try summary(intent, zone: zone, services: services, nowMs: nowMs, reader: reader)
        return detail == .brief ? BriefAnswer.reduce(full) : full
    }

    /// The full answer of a summary intent in `zone`.
    static func summary(_ intent: QueryIntent, zone: SummaryZone, services: AppServices, nowMs: Int64, reader: StoreReader) throws -> JSONValue {
        let priority = services.store.priority
        let queued = services.queuedEntries
        let catalog = services.catalog
        switch intent {
        case .dailySummary(let day, _):
            return try daily(day, label: .day, zone: zone, nowMs: nowMs, services: services, reader: reader)
        case .yesterdaySummary:
            return try daily(zone.today(nowMs: nowMs).adding(days: -1), label: .yesterday, zone: zone, nowMs: nowMs, services: services, reader: reader)
        case .rangeSummary(let range, _):
            let entries = try queued.queuedEntries(from: range.from, to: range.to, reader: reader)
            return try RangeSummary(from: range.from, to: range.to, zone: zone, nowMs: nowMs, queued: entries, priority: priority, catalog: catalog).build(reader)
        case .metricSeries(let spec, let range, let bucket, _):
            return try MetricSeries(spec: spec, range: range, bucket: bucket, zone: zone, priority: priority, catalog: catalog).build(reader)
        case .compareRanges(let a, let b, let metrics, _):
            return try RangeComparison(a: a, b: b, metrics: metrics, zone: zone, priority: priority, catalog: catalog).build(reader)
        case .sleepReport(let range, _):
            return try SleepReport(range: range, zone: zone, priority: priority, catalog: catalog).build(reader)
        case .workouts(let range, let type, _):
            return try WorkoutReport(range: range, type: type, zone: zone).build(reader)
        case .readiness, .anomalies, .records, .correlation:
            return try judgement(intent, detail: .full, zone: zone, services: services, nowMs: nowMs, reader: reader) ?? .null
        }
    }

    static func daily(_ day: DayKey, label: DailySummary.Label, zone: SummaryZone, nowMs: Int64, services: AppServices, reader: StoreReader) throws -> JSONValue {
        let queued = try services.queuedEntries.queuedEntries(from: day, to: day, reader: reader)
        return try DailySummary(day: day, zone: zone, label: label, nowMs: nowMs, queued: queued, priority: services.store.priority,
                                catalog: services.catalog).build(reader)
    }
}
