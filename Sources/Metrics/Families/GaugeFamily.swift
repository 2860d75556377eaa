/// A gauge metric family: one ``Gauge`` per label set.
///
/// Under a ``SeriesLimit`` every folded label set keeps a gauge of its own (a `set` must not
/// overwrite another label set's value), and the scrape shows them combined with the
/// limit's ``SeriesLimit/Overflow`` reducer under the `other` series. Memory therefore grows
/// with the label sets seen; ``remove(_:)`` forgets one. For values computed from state
/// that already exists (ages, sizes), prefer ``MetricsRegistry/collect(_:help:type:labelNames:limit:_:)``.
public final class GaugeFamily: Sendable {
    /// The metric name.
    public let name: String
    /// The help text.
    public let help: String
    /// The label names, in the order ``labels(_:)-(String...)`` takes values.
    public var labelNames: [String] { table.labelNames }
    let table: SeriesTable<Gauge>

    init(name: String, help: String, labelNames: [String], limit: SeriesLimit?) {
        self.name = name
        self.help = help
        table = SeriesTable(family: name, labelNames: labelNames, limit: limit, mode: .keepApart) { Gauge() }
        if labelNames.isEmpty { _ = table.cell(for: []) }
    }

    /// The series of these label values, one per label name in order; created on first use.
    public func labels(_ values: String...) -> Gauge {
        table.cell(for: values)
    }

    /// The series of these label values (see ``labels(_:)-(String...)``).
    public func labels(_ values: [String]) -> Gauge {
        table.cell(for: values)
    }

    /// Forgets the series of these label values (a client that was deleted); a handle to it
    /// still works but is no longer shown.
    public func remove(_ values: String...) {
        table.remove(values)
    }
}

extension GaugeFamily: RenderableFamily {
    func snapshot() -> FamilySnapshot {
        var values: [[String]: Double] = [:]
        for (labels, cell) in table.entries() {
            let value = cell.value
            if let existing = values[labels], let limit = table.limit {
                values[labels] = limit.combine(existing, value)
            } else {
                values[labels] = value
            }
        }
        return FamilySnapshot(name: name, help: help, type: .gauge,
                              samples: FamilySnapshot.sorted(values, labelNames: table.labelNames, name: name))
    }
}
