/// A readiness input that was left out, and why.
public struct ReadinessMissingInput: Sendable, Equatable {
    /// Why an input was left out.
    public enum Reason: String, Sendable, CaseIterable {
        /// The day (or night) has no value.
        case noValue = "no_value"
        /// The baseline has fewer than 10 days with data.
        case insufficientBaseline = "insufficient_baseline"
        /// The baseline's spread is zero, so no z exists.
        case noSpread = "no_spread"
    }

    /// Which input.
    public var name: ReadinessComponent.Name
    /// The metric it reads.
    public var metric: Metric
    /// Why it was left out.
    public var reason: Reason
    /// Days with data in its baseline window (after choosing sources).
    public var baselineDays: Int

    /// A missing input with explicit values.
    public init(name: ReadinessComponent.Name, metric: Metric, reason: Reason, baselineDays: Int) {
        self.name = name
        self.metric = metric
        self.reason = reason
        self.baselineDays = baselineDays
    }
}
