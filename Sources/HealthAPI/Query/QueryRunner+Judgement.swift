import HealthDomain
import JSON
import SQLiteStore

extension QueryRunner {
    /// Answers a judgement intent (readiness, anomalies, records, correlation) in `zone`,
    /// each building its own brief form; nil for the summary intents.
    static func judgement(_ intent: QueryIntent, detail: AnswerDetail, zone: SummaryZone, services: AppServices, nowMs: Int64,
                          db: Database) throws -> JSONValue? {
        let catalog = services.catalog
        switch intent {
        case .readiness(let day, _):
            return try ReadinessReport(day: day ?? zone.today(nowMs: nowMs), zone: zone, nowMs: nowMs, catalog: catalog, detail: detail).build(db)
        case .anomalies(let range, let metrics, let threshold, _):
            return try AnomalyReport(range: range, metrics: metrics, threshold: threshold, zone: zone, nowMs: nowMs, catalog: catalog,
                                     detail: detail).build(db)
        case .records(let spec, let from, let to, let goal, _):
            return try RecordsReport(spec: spec, from: from, to: to, goal: goal, zone: zone, nowMs: nowMs, catalog: catalog, detail: detail).build(db)
        case .correlation(let a, let b, let range, let lagDays, _):
            return try CorrelationReport(a: a, b: b, range: range, lagDays: lagDays, zone: zone, nowMs: nowMs, catalog: catalog,
                                         detail: detail).build(db)
        default:
            return nil
        }
    }

    /// Runs a parsed request: the intent in one read transaction, in the detail asked for.
    func run(_ request: QueryRequest) async throws -> JSONValue {
        let services = self.services
        let nowMs = services.clock.now()
        return try await services.store.pool.read { db in
            try QueryRunner.answer(request.intent, detail: request.detail, services: services, nowMs: nowMs, db: db)
        }
    }
}
