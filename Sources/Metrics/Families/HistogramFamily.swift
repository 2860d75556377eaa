/// A histogram metric family: one ``Histogram`` per label set, all with the same bounds.
///
/// Rendered as `<name>_bucket{le="…"}` lines with cumulative counts ending in `le="+Inf"`,
/// then `<name>_sum` and `<name>_count` (equal to the `+Inf` bucket).
public final class HistogramFamily: Sendable {
    /// The metric name (without the `_bucket`, `_sum` and `_count` suffixes).
    public let name: String
    /// The help text.
    public let help: String
    /// The finite bucket bounds, strictly increasing; `+Inf` is implied.
    public let bounds: [Double]
    /// The label names, in the order ``labels(_:)-(String...)`` takes values.
    public var labelNames: [String] { table.labelNames }
    let table: SeriesTable<Histogram>

    init(name: String, help: String, labelNames: [String], bounds: [Double], limit: SeriesLimit?) {
        self.name = name
        self.help = help
        self.bounds = bounds
        table = SeriesTable(family: name, labelNames: labelNames, limit: limit, mode: .share) { Histogram(bounds: bounds) }
        if labelNames.isEmpty { _ = table.cell(for: []) }
    }

    /// The series of these label values, one per label name in order; created on first use.
    public func labels(_ values: String...) -> Histogram {
        table.cell(for: values)
    }

    /// The series of these label values (see ``labels(_:)-(String...)``).
    public func labels(_ values: [String]) -> Histogram {
        table.cell(for: values)
    }
}

extension HistogramFamily: RenderableFamily {
    func snapshot() -> FamilySnapshot {
        var merged: [[String]: Histogram.State] = [:]
        for (labels, cell) in table.entries() {
            let state = cell.snapshot()
            if var existing = merged[labels] {
                for index in existing.counts.indices { existing.counts[index] &+= state.counts[index] }
                existing.sum += state.sum
                merged[labels] = existing
            } else {
                merged[labels] = state
            }
        }
        var samples: [FamilySnapshot.Sample] = []
        let boundLabels = bounds.map(PrometheusText.format) + ["+Inf"]
        for labels in merged.keys.sorted(by: FamilySnapshot.precedes) {
            let state = merged[labels]!
            let pairs = Array(zip(table.labelNames, labels))
            var cumulative: UInt64 = 0
            for (index, count) in state.counts.enumerated() {
                cumulative &+= count
                samples.append(.init(name: name + "_bucket", labels: pairs + [("le", boundLabels[index])], value: Double(cumulative)))
            }
            samples.append(.init(name: name + "_sum", labels: pairs, value: state.sum))
            samples.append(.init(name: name + "_count", labels: pairs, value: Double(cumulative)))
        }
        return FamilySnapshot(name: name, help: help, type: .histogram, samples: samples)
    }
}
