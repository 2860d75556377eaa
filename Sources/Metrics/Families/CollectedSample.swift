/// One series that a scrape-time collector reports: its label values (one per label name,
/// in order) and its value.
public struct CollectedSample: Sendable, Equatable {
    /// The label values, in the family's label order.
    public var labels: [String]
    /// The value.
    public var value: Double

    /// A sample with these label values.
    public init(labels: [String] = [], value: Double) {
        self.labels = labels
        self.value = value
    }
}
