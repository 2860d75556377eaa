import HealthDomain
import JSON

/// Intents of one metric and local day that are not in the day's totals yet: pending,
/// failed (will retry) and applied-but-not-synced-back. Summaries show this *beside*
/// the day's total (e.g. "+400 kcal queued"), never added into it.
public struct QueuedAmount: Sendable, Equatable {
    /// The sum of the intents' values in the metric's canonical unit.
    public var total: Double
    /// How many intents.
    public var count: Int
    /// Intents per status (only `pending`, `failed` and `applied` occur).
    public var countsByStatus: [IntentStatus: Int]
    /// Value sums per status, in the canonical unit.
    public var totalsByStatus: [IntentStatus: Double]
    /// The canonical unit of `total` (e.g. `kcal`).
    public var unit: String

    public init(total: Double = 0, count: Int = 0, countsByStatus: [IntentStatus: Int] = [:], totalsByStatus: [IntentStatus: Double] = [:], unit: String) {
        self.total = total
        self.count = count
        self.countsByStatus = countsByStatus
        self.totalsByStatus = totalsByStatus
        self.unit = unit
    }

    /// `{"total", "count", "unit", "byStatus": {"pending": {"count", "total"}, …}}`.
    public var json: JSONValue {
        var byStatus: [String: JSONValue] = [:]
        for (status, count) in countsByStatus {
            byStatus[status.rawValue] = ["count": JSONValue(count), "total": QueuedAmount.rounded(totalsByStatus[status] ?? 0)]
        }
        return ["total": QueuedAmount.rounded(total), "count": JSONValue(count), "unit": .string(unit), "byStatus": .object(byStatus)]
    }

    /// Three decimals, like the day aggregates, so split sums read 400 not 399.99999999999994.
    static func rounded(_ value: Double) -> JSONValue {
        let r = (value * 1000).rounded() / 1000
        return .number(r == 0 ? 0 : r)
    }
}
