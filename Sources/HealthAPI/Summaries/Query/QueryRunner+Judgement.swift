import HealthDomain
import JSON
import HealthStore

extension QueryRunner {
    /// Answers a judgement intent (readiness, anomalies, records, correlation) in `zone`,
    /// each building its own brief form; nil for the summary intents.
    static func judgement(_ intent: QueryIntent, detail: AnswerDetail, zone: SummaryZone, services: AppServices, nowMs: Int64,
                          reader: StoreReader) throws -> JSONValue? {
        let catalog = services.catalog
        switch intent {
        case .readiness(let day, _):
            return try ReadinessReport(day: day ?? zone.today(nowMs: nowMs), zone: zone, nowMs: nowMs, catalog: catalog, detail: detail).build(reader)
        case .anomalies(let range, let metrics, let threshold, _):
            return try AnomalyReport(range: range, metrics: metrics, threshold: threshold, zone: zone, nowMs: nowMs, catalog: catalog,
                                     detail: detail).build(reader)
        case .records(let spec, let from, let to, let goal, _):
            return try RecordsReport(spec: spec, from: from, to: to, goal: goal, zone: zone, nowMs: nowMs, catalog: catalog, detail: detail).build(reader)
        case .correlation(let a, let b, let range, let lagDays, _):
            return try CorrelationReport(a: a, b: b, range: range, lagDays: lagDays, zone: zone, nowMs: nowMs, catalog: catalog,
                                         detail: detail).build(reader)
        default:
            return nil
        }
    }

    /// Runs a parsed request: the intent in one read transaction, in the detail asked for.
    func run(_ request: QueryRequest) async throws -> JSONValue {
        let services = self.services
        let nowMs = services.clock.now()
        return try await services.store.read { reader in
            try QueryRunner.answer(request.intent, detail: request.detail, services: services, nowMs: nowMs, reader: reader)
        }
    }
}
