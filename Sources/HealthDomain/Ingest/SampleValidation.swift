/// The outcome of validating one ingest element: a normalised sample, or every issue found.
public enum SampleValidation: Sendable, Equatable {
    /// The normalised sample.
    case valid(Sample)
    /// Every issue found, in field order.
    case invalid([ValidationIssue])

    /// The sample when valid.
    public var sample: Sample? {
        if case .valid(let sample) = self { return sample }
        return nil
    }

    /// The issues when invalid; empty when valid.
    public var issues: [ValidationIssue] {
        if case .invalid(let issues) = self { return issues }
        return []
    }
}
