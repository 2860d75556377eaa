/// Computes the aggregate of one metric on one day from that day's samples.
///
/// Pure and deterministic: the result depends only on the *set* of samples given (it
/// sorts them into a canonical order before any floating-point sum), so incremental
/// ingest in any order and a full rebuild agree exactly.
public enum DayAggregator {
    /// The aggregate of a metric of `kind` on `day` from the samples attributed to it
    /// (the store buckets samples by ``DayAttribution/attribute(_:kind:clock:)`` once and
    /// hands each day its bucket), or nil when none counts.
    public static func aggregate(
        kind: MetricKind, day: DayKey, attributed samples: [Sample], priority: SourcePriority, clock: ZoneClock
    ) -> DayAggregate? {
        guard !samples.isEmpty else { return nil }
        let ordered = samples.sorted(by: Sample.precedesInCanonicalOrder)
        switch kind {
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
        case .categoryDuration:
            return category(samples: ordered, priority: priority).map(DayAggregate.categoryDuration)
        case .categoryEvent:
            return category(samples: ordered, priority: priority).map(DayAggregate.categoryEvents)
        case .bloodPressure:
            return bloodPressure(samples: ordered, priority: priority).map(DayAggregate.bloodPressure)
        }
    }

    /// The aggregate of `metric` on `day` from any samples: those of other metrics or
    /// other days are skipped first. Nil when nothing counts or `metric` is stored raw.
    public static func aggregate(
        metric: Metric, day: DayKey, samples: [Sample], priority: SourcePriority, clock: ZoneClock,
        catalog: MetricCatalog = .standard
    ) -> DayAggregate? {
        guard let kind = catalog.kind(of: metric) else { return nil }
        let relevant = samples.filter {
            $0.metric == metric && DayAttribution.attribute($0, kind: kind, clock: clock).contains(day)
        }
        return aggregate(kind: kind, day: day, attributed: relevant, priority: priority, clock: clock)
    }

    /// Splits canonically ordered samples by source (matched in the normal form), best
    /// rank first, keeping each group's samples in canonical order. `name` is the spelling
    /// shown for the source: that of its most recent sample (see ``SourceTally``).
    static func groupedBySource(_ samples: [Sample], priority: SourcePriority) -> [(rank: SourceRank, name: String, samples: [Sample])] {
        var slots: [String: Int] = [:]
        var groups: [(rank: SourceRank, latest: Sample, samples: [Sample])] = []
        for sample in samples {
            let identity = sample.sourceIdentity
            if let slot = slots[identity] {
                groups[slot].samples.append(sample)
                if isLater(sample, than: groups[slot].latest) { groups[slot].latest = sample }
            } else {
                slots[identity] = groups.count
                groups.append((priority.rank(of: sample), sample, [sample]))
            }
        }
        return groups.sorted { $0.rank < $1.rank }.map { ($0.rank, $0.latest.sourceDisplayName, $0.samples) }
    }
}
