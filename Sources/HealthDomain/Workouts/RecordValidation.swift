/// The outcome of validating one workout or activity summary: the record, or every issue found.
public enum RecordValidation<Record: Sendable & Equatable>: Sendable, Equatable {
    /// The normalised record.
    case valid(Record)
    /// Every issue found, in field order.
    case invalid([ValidationIssue])

    /// The record when valid.
    public var record: Record? {
        if case .valid(let record) = self { return record }
        return nil
    }

    /// The issues when invalid; empty when valid.
    public var issues: [ValidationIssue] {
        if case .invalid(let issues) = self { return issues }
        return []
    }
}
