import HealthDomain

/// The day series the judgements read, from one range read of stored day aggregates,
/// each day marked `provisional` or `settled` by the answer's ``SettlingRule``.
public struct JudgementSeries: Sendable {
    /// No series.
    public init() {}

    /// Series by metric, in the catalog's metric order of the read.
    private(set) var byMetric: [Metric: DaySeries] = [:]
    /// The stored rows of `keptDay` by metric, for what a series does not carry (revisions).
    private(set) var stored: [Metric: JudgementReads.StoredDay] = [:]

    /// Reads `from…to` of `metrics` (every derived metric when nil), keeping the stored
    /// rows of `keptDay`.
    public static func load(_ reader: StoreReader, catalog: MetricCatalog, metrics: [Metric]?, from: DayKey, to: DayKey,
                     rule: SettlingRule, keptDay: DayKey? = nil) throws -> JudgementSeries {
        build(try reader.judgementDays(catalog: catalog, metrics: metrics, from: from, to: to), catalog: catalog, rule: rule, keptDay: keptDay)
    }

    /// The series of `rows` already read (each metric's rows ascending by day), keeping the
    /// stored rows of `keptDay`: what ``load(_:catalog:metrics:from:to:rule:keptDay:)``
    /// builds from its own read.
    public static func build(_ rows: [JudgementReads.StoredDay], catalog: MetricCatalog, rule: SettlingRule,
                             keptDay: DayKey? = nil) -> JudgementSeries {
        var out = JudgementSeries()
        // Each metric's kind is looked up once, not once per day. Rows come by metric or
        // by day then metric, so the metric after the previous row's (in first-seen
        // order) or the previous row's own is nearly always the row's: a comparison of two
        // short strings replaces a hash lookup per row.
        var metrics: [(metric: Metric, kind: MetricKind?, values: [DayValue])] = []
        var index: [Metric: Int] = [:]
        var previous = -1
        for row in rows {
            if row.day == keptDay { out.stored[row.metric] = row }
            guard let value = row.value, value.isFinite else { continue }
            let slot: Int
            if previous >= 0, metrics[previous].metric == row.metric {
                slot = previous
            } else if !metrics.isEmpty, metrics[(previous + 1) % metrics.count].metric == row.metric {
                slot = (previous + 1) % metrics.count
            } else if let known = index[row.metric] {
                slot = known
            } else {
                slot = metrics.count
                metrics.append((row.metric, catalog.kind(of: row.metric), []))
                index[row.metric] = slot
            }
            previous = slot
            let status = rule.status(row.day, kind: metrics[slot].kind, arrivedMs: row.arrivedMs, sleepEndMs: row.sleepEndMs)
            metrics[slot].values.append(DayValue(day: row.day, value: value, source: row.source, status: status))
        }
        for entry in metrics { out.byMetric[entry.metric] = DaySeries(metric: entry.metric, values: entry.values) }
        return out
    }

    /// The series of `metric`; empty without data.
    public func series(_ metric: Metric) -> DaySeries { byMetric[metric] ?? DaySeries(metric: metric, values: []) }

    /// The metrics with at least one value, sorted by name.
    public var metrics: [Metric] { byMetric.keys.sorted() }

    /// The stored row of `metric` on the kept day.
    public func keptRow(_ metric: Metric) -> JudgementReads.StoredDay? { stored[metric] }
}
