import HealthService
import HealthStore

extension IngestPipeline {
    /// Counts in the server's metrics the samples this pipeline checked for `client`: how
    /// many arrived, how many were rejected, and the rules they broke. Called once per
    /// request, before the store (a request with nothing valid is counted too).
    func countChecked(_ client: SyncClient, in metrics: ServerMetrics?) {
        metrics?.ingest.checked(client, received: receivedSamples, rejected: rejectedByKind[.sample] ?? 0, byRule: rejectedSamplesByRule)
    }
}
