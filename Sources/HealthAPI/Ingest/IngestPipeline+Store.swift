import HealthDomain
import HealthStore

extension IngestPipeline {
    /// What passed, as the store's one ingest entry takes it, with the sample keys the
    /// request deletes.
    func batch(deletedKeys: [String] = []) -> IngestBatch {
        IngestBatch(samples: samples, deletedKeys: deletedKeys, workouts: workouts, activitySummaries: activitySummaries, dayTotals: dayTotals)
    }

    /// Stores what passed through the store's one ingest entry, in one transaction:
    /// with a ledger the answer may be a replay or a conflict instead.
    func store(in store: SampleStore, deletedKeys: [String] = [], options: IngestOptions, nowMs: Int64) async throws -> IngestAnswer {
        try await store.ingest(batch(deletedKeys: deletedKeys), options: options, nowMs: nowMs)
    }

    /// Stores what passed, recorded for `client`; without a ledger it is always stored.
    func store(in store: SampleStore, deletedKeys: [String] = [], client: SyncClient, nowMs: Int64) async throws -> IngestResult {
        try await Self.stored(self.store(in: store, deletedKeys: deletedKeys, options: IngestOptions(client: client), nowMs: nowMs))
    }

    /// The result of an ingest without a ledger, which the store always stores.
    static func stored(_ answer: IngestAnswer) -> IngestResult {
        guard case .stored(let result) = answer else { preconditionFailure("an ingest without a ledger is always stored") }
        return result
    }
}
