/// A request for a judgement that breaks one of its rules (a range too long, a threshold
/// outside what is allowed). Names the field and the rule, so a route can turn it into
/// its error envelope unchanged.
public struct JudgementError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offending input, e.g. `threshold`, `to`, `lagDays`.
    public var field: String
    /// Machine-readable rule: `range` (a number outside what is allowed), `order` (an end
    /// before its start) or `max_days` (a span longer than allowed).
    public var rule: String
    /// A sentence naming the field and the rule.
    public var message: String

    /// An error with explicit values.
    public init(field: String, rule: String, message: String) {
        self.field = field
        self.rule = rule
        self.message = message
    }

    /// `field [rule]: message`.
    public var description: String { "\(field) [\(rule)]: \(message)" }

    /// Checks that `from…to` is ordered and, when `maximumDays` is given, not longer.
    static func checkSpan(from: DayKey, to: DayKey, maximumDays: Int?) throws(JudgementError) {
        guard from <= to else {
            throw JudgementError(field: "to", rule: "order", message: "'to' (\(to)) must not be before 'from' (\(from))")
        }
        if let maximumDays, to.ordinal - from.ordinal + 1 > maximumDays {
            throw JudgementError(field: "to", rule: "max_days",
                                 message: "the range \(from)…\(to) spans \(to.ordinal - from.ordinal + 1) days; at most \(maximumDays) are allowed")
        }
    }
}
