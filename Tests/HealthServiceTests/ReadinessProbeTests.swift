import Testing
@testable import HealthService

@Suite struct ReadinessProbeTests {
    @Test func aReadThatNeverAnswersTimesOut() async {
        let outcome = await ReadinessProbe.firstOf(timeoutSeconds: 0.01) {
            // Work that never ends on its own: only the deadline can answer.
            while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
        }
        guard case .timedOut = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
    }

    @Test func aReadThatAnswersOrFailsIsReportedAsSuch() async {
        struct Refused: Error {}
        guard case .finished = await ReadinessProbe.firstOf(timeoutSeconds: 3600, {}) else {
            Issue.record("expected the work to finish first")
            return
        }
        guard case .failed(let error) = await ReadinessProbe.firstOf(timeoutSeconds: 3600, { throw Refused() }) else {
            Issue.record("expected the failure")
            return
        }
        #expect(error is Refused)
        #expect(ReadinessProbe.describe(error) == "Refused")
    }
}
