/// Computes the aggregate of one metric on one day from that day's samples.
///
/// Pure and deterministic: the result depends only on the *set* of samples given (it
/// sorts them into a canonical order before any floating-point sum), so incremental
/// ingest in any order and a full rebuild agree exactly.
public enum DayAggregator {
    /// The aggregate of `metric` on `day`, or nil when no sample counts toward it (or the
    /// metric is stored raw).
    ///
    /// - Parameter samples: the samples of `metric` attributed to `day` (see
    ///   ``DayAttribution/days(for:clock:)``); others, including other metrics, are ignored.
    public static func aggregate(
        metric: Metric, day: DayKey, samples: [Sample], priority: SourcePriority, clock: ZoneClock
    ) -> DayAggregate? {
        let relevant = samples.filter { $0.metric == metric && DayAttribution.contributes($0, to: day, clock: clock) }
        guard !relevant.isEmpty else { return nil }
        let ordered = relevant.sorted(by: Sample.precedesInCanonicalOrder)
        switch metric.aggregation {
        case .cumulativeDeduplicated:
            return cumulative(day: day, samples: ordered, priority: priority, clock: clock, deduplicate: true)
                .map(DayAggregate.cumulative)
        case .cumulative:
            return cumulative(day: day, samples: ordered, priority: priority, clock: clock, deduplicate: false)
                .map(DayAggregate.cumulative)
        case .discrete:
            return discrete(samples: ordered, priority: priority).map(DayAggregate.discrete)
        case .sleep:
            return sleep(samples: ordered, priority: priority).map(DayAggregate.sleep)
        case .raw:
            return nil
        }
    }

    /// Splits canonically ordered samples by source, best rank first, keeping each
    /// group's samples in canonical order.
    static func groupedBySource(_ samples: [Sample], priority: SourcePriority) -> [(rank: SourceRank, samples: [Sample])] {
        var groups: [String: (rank: SourceRank, samples: [Sample])] = [:]
        for sample in samples {
            let identity = sample.sourceIdentity
            if groups[identity] == nil {
                groups[identity] = (priority.rank(of: sample), [])
            }
            groups[identity]!.samples.append(sample)
        }
        return groups.values.sorted { $0.rank < $1.rank }
    }
}
