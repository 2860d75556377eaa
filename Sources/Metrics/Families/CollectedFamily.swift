/// A counter or gauge family whose series are computed when scraped, by a closure: the
/// database size, resident memory, the age of each client's last sample. Nothing is stored
/// between scrapes.
///
/// Under a ``SeriesLimit`` the first `maxSeries` label sets in sorted order keep their
/// series and the rest fold into the `other` series with the limit's reducer. Label sets
/// the closure reports twice are combined the same way (summed for counters; for gauges
/// with the limit's reducer, or the last one wins without a limit).
final class CollectedFamily: Sendable {
    let name: String
    let help: String
    let type: MetricType
    let labelNames: [String]
    let limit: SeriesLimit?
    private let collector: @Sendable () -> [CollectedSample]

    init(name: String, help: String, type: MetricType, labelNames: [String], limit: SeriesLimit?,
         collector: @escaping @Sendable () -> [CollectedSample]) {
        self.name = name
        self.help = help
        self.type = type
        self.labelNames = labelNames
        self.limit = limit
        self.collector = collector
    }

    private func combine(_ a: Double, _ b: Double) -> Double {
        if let limit { return limit.combine(a, b) }
        return type == .counter ? a + b : b
    }
}

extension CollectedFamily: RenderableFamily {
    func snapshot() -> FamilySnapshot {
        var values: [[String]: Double] = [:]
        for sample in collector() {
            // A closure that returns the wrong number of labels would make an unreadable
            // line; its sample is left out rather than taking the process down at scrape time.
            guard sample.labels.count == labelNames.count else { continue }
            values[sample.labels] = values[sample.labels].map { combine($0, sample.value) } ?? sample.value
        }
        if let limit, values.count > limit.maxSeries {
            let positions = limit.collapsingPositions(labelNames: labelNames)
            let ordered = values.keys.sorted(by: FamilySnapshot.precedes)
            var kept: [[String]: Double] = [:]
            for labels in ordered.prefix(limit.maxSeries) { kept[labels] = values[labels] }
            for labels in ordered.dropFirst(limit.maxSeries) {
                let collapsed = SeriesLimit.collapse(labels, at: positions)
                kept[collapsed] = kept[collapsed].map { limit.combine($0, values[labels]!) } ?? values[labels]!
            }
            values = kept
        }
        return FamilySnapshot(name: name, help: help, type: type,
                              samples: FamilySnapshot.sorted(values, labelNames: labelNames, name: name))
    }
}
