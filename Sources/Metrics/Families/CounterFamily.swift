/// A counter metric family: its name, help and label names, and one ``Counter`` per label set.
///
/// ```swift
/// let requests = try registry.counter("http_requests_total", help: "Requests served.", labelNames: ["route", "status"])
/// let ok = requests.labels("/health/query", "200")   // resolve once
/// ok.increment()                                       // per request: a lock and an add
/// ```
public final class CounterFamily: Sendable {
    /// The metric name.
    public let name: String
    /// The help text.
    public let help: String
    /// The label names, in the order ``labels(_:)-(String...)`` takes values.
    public var labelNames: [String] { table.labelNames }
    let table: SeriesTable<Counter>

    init(name: String, help: String, labelNames: [String], limit: SeriesLimit?) {
        self.name = name
        self.help = help
        table = SeriesTable(family: name, labelNames: labelNames, limit: limit, mode: .share) { Counter() }
        // A family without labels has one series, shown as 0 before the first increment.
        if labelNames.isEmpty { _ = table.cell(for: []) }
    }

    /// The series of these label values, one per label name in order; created on first use.
    /// Past the family's limit it is the shared `other` series.
    public func labels(_ values: String...) -> Counter {
        table.cell(for: values)
    }

    /// The series of these label values (see ``labels(_:)-(String...)``).
    public func labels(_ values: [String]) -> Counter {
        table.cell(for: values)
    }
}

extension CounterFamily: RenderableFamily {
    func snapshot() -> FamilySnapshot {
        var values: [[String]: Double] = [:]
        for (labels, cell) in table.entries() {
            values[labels, default: 0] += cell.value
        }
        return FamilySnapshot(name: name, help: help, type: .counter,
                              samples: FamilySnapshot.sorted(values, labelNames: table.labelNames, name: name))
    }
}
