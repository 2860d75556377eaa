/// What one family shows at one scrape: its samples in output order.
struct FamilySnapshot {
    /// One line of the exposition.
    struct Sample {
        /// The sample's metric name (a histogram's carry suffixes).
        var name: String
        var labels: [(String, String)]
        var value: Double
    }

    var name: String
    var help: String
    var type: MetricType
    var samples: [Sample]

    /// Series order: label values compared position by position, in the family's label
    /// order. Deterministic, and the same order the reference Go client uses.
    static func precedes(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
        }
        return a.count < b.count
    }

    /// One sample per label set, sorted.
    static func sorted(_ values: [[String]: Double], labelNames: [String], name: String) -> [Sample] {
        values.keys.sorted(by: precedes).map { labels in
            Sample(name: name, labels: Array(zip(labelNames, labels)), value: values[labels]!)
        }
    }
}

/// A family the registry can ask for a snapshot at scrape time.
protocol RenderableFamily: Sendable {
    var name: String { get }
    func snapshot() -> FamilySnapshot
}
