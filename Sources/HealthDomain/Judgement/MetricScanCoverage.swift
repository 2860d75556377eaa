/// How much of a metric an anomaly scan could judge: days with a value in the range,
/// days judged against a baseline, and days whose baseline was insufficient (or had no
/// spread), which are not judged rather than guessed.
public struct MetricScanCoverage: Sendable, Equatable {
    /// The metric.
    public var metric: Metric
    /// Days in the range with a value.
    public var daysWithData: Int
    /// Days judged against an available baseline.
    public var daysJudged: Int
    /// Days not judged: their baseline was insufficient or had no spread.
    public var daysWithoutBaseline: Int

    /// Coverage with explicit values.
    public init(metric: Metric, daysWithData: Int, daysJudged: Int, daysWithoutBaseline: Int) {
        self.metric = metric
        self.daysWithData = daysWithData
        self.daysJudged = daysJudged
        self.daysWithoutBaseline = daysWithoutBaseline
    }
}
