import HealthDomain

extension IngestPipeline {
    /// Stores what passed, with `deletedKeys`, in one transaction, recorded for `client`.
    func store(in store: SampleStore, deletedKeys: [String] = [], client: SyncClient, nowMs: Int64) async throws -> (samples: IngestOutcome, records: RecordOutcome) {
        try await store.ingest(samples, deletedKeys: deletedKeys, workouts: workouts, activitySummaries: activitySummaries,
                               dayTotals: dayTotals, client: client, nowMs: nowMs)
    }
}
