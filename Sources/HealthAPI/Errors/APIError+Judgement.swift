import HealthDomain
import JSON

extension APIError {
    /// A judgement's rule broken by a query (a range out of order or too long, a threshold
    /// or lag outside what is allowed): the 400 every wrong query gets, naming the field
    /// and the rule as the intent's own parser would (`max_days` is `maxRange` there).
    init(_ error: JudgementError, intent: String) {
        let rule = error.rule == "max_days" ? "maxRange" : error.rule
        var details: [String: JSONValue] = ["intent": .string(intent)]
        if let spec = IntentSpec.named(intent) { details["fields"] = .string(spec.signature) }
        self = .invalidParameter(error.field, error.message, rule: rule, extra: details)
        if rule == "order" || rule == "maxRange" { code = .invalidDateRange }
    }
}
