import HealthStore
import Metrics

/// What the ingest paths did, per client adapter (the `client` of `/health/sync/clients`):
/// samples received, what the store made of them, and the rules rejected ones broke.
/// Day totals count as samples; workouts and activity summaries are not counted here.
public final class IngestMetrics: Sendable {
    /// The handles of one client, resolved at start so every client shows from zero.
    struct ClientSeries: Sendable {
        var received: Counter
        var inserted: Counter
        var updated: Counter
        var unchanged: Counter
        var rejected: Counter
    }

    private let clients: [SyncClient: ClientSeries]
    private let rules: CounterFamily

    init(registry: MetricsRegistry) throws(MetricsError) {
        let received = try registry.counter("healthd_ingest_samples_received_total",
                                            help: "Samples received by the ingest paths, by client adapter.",
                                            labelNames: ["client"])
        let outcomes = try registry.counter("healthd_ingest_samples_total",
                                            help: "Samples received, by client adapter and what became of them (inserted, updated, unchanged, rejected).",
                                            labelNames: ["client", "outcome"])
        // The rules are the validation codes in the code base, a small fixed set; the limit
        // guards against a code built from input some day.
        rules = try registry.counter("healthd_ingest_rejected_samples_total",
                                     help: "Rejected samples by the rule they broke (a sample breaking two rules counts under both).",
                                     labelNames: ["rule"], limit: SeriesLimit(maxSeries: 48, overflow: .sum))
        var clients: [SyncClient: ClientSeries] = [:]
        for client in SyncClient.allCases {
            let name = client.rawValue
            clients[client] = ClientSeries(received: received.labels(name), inserted: outcomes.labels(name, "inserted"),
                                           updated: outcomes.labels(name, "updated"), unchanged: outcomes.labels(name, "unchanged"),
                                           rejected: outcomes.labels(name, "rejected"))
        }
        self.clients = clients
    }

    /// Counts the samples one request (or import) of `client` handed in: how many arrived,
    /// how many were rejected, and per rule how many rejected samples broke it.
    public func checked(_ client: SyncClient, received: Int, rejected: Int, byRule: [String: Int]) {
        guard let series = clients[client] else { return }
        series.received.increment(by: Double(received))
        series.rejected.increment(by: Double(rejected))
        for (rule, count) in byRule { rules.labels(rule).increment(by: Double(count)) }
    }

    /// Counts what the store did with the samples (and day totals) of one stored batch.
    public func stored(_ client: SyncClient, _ result: IngestResult) {
        stored(client, inserted: result.samples.inserted + result.records.dayTotalsUpserted,
               updated: result.samples.updated,
               unchanged: result.samples.unchanged + result.records.dayTotalsUnchanged)
    }

    /// Counts stored samples by what became of them (an import reports its totals).
    public func stored(_ client: SyncClient, inserted: Int, updated: Int, unchanged: Int) {
        guard let series = clients[client] else { return }
        series.inserted.increment(by: Double(inserted))
        series.updated.increment(by: Double(updated))
        series.unchanged.increment(by: Double(unchanged))
    }
}
