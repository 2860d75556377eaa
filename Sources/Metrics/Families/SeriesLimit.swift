/// A cap on the number of series of one family, so that a label fed from outside (a source
/// name, a client) cannot grow the scrape without bound.
///
/// The first ``maxSeries`` label sets keep series of their own: for stored families the
/// first ones seen (so a series, once shown, stays continuous), for collected families the
/// first in sorted order (so a scrape is deterministic). Every further label set is folded
/// into an overflow series in which the ``collapsing`` labels read ``otherValue`` and the
/// remaining labels keep their values. When every label collapses (the default), the family
/// shows at most `maxSeries + 1` series; otherwise at most `maxSeries` plus one per distinct
/// combination of the labels that are kept.
///
/// How folded values combine is ``overflow``, which the family states explicitly:
/// - counters and histograms: ``Overflow/sum`` (the only choice; counts add up);
/// - gauges: whichever reducer has meaning for the quantity. For "seconds since the last
///   sample" it is ``Overflow/max``: the `other` series then shows the stalest of the
///   folded series, which is what an alert on staleness needs. A sum of ages means nothing.
public struct SeriesLimit: Sendable, Equatable {
    /// How the values of folded series combine into the overflow series.
    public enum Overflow: String, Sendable {
        /// Add them up (counters, histograms, gauges of amounts).
        case sum
        /// The smallest of them.
        case min
        /// The largest of them.
        case max
    }

    /// The label value that marks the overflow series.
    public static let otherValue = "other"

    /// How many label sets keep a series of their own (at least 1).
    public var maxSeries: Int
    /// The labels that read `other` in the overflow series; nil means every label.
    public var collapsing: [String]?
    /// How folded values combine.
    public var overflow: Overflow

    /// A limit of `maxSeries` own series; past it, values combine with `overflow` into the
    /// series whose `collapsing` labels (all of them when nil) read `other`.
    public init(maxSeries: Int, collapsing: [String]? = nil, overflow: Overflow) {
        self.maxSeries = maxSeries
        self.collapsing = collapsing
        self.overflow = overflow
    }

    /// Checks the limit against the family's labels.
    func validate(labelNames: [String], family: String) throws(MetricsError) {
        guard maxSeries >= 1 else {
            throw MetricsError(.invalidLimit, "\(family): a series limit must allow at least one series")
        }
        guard !labelNames.isEmpty else {
            throw MetricsError(.invalidLimit, "\(family): a family without labels has one series; a limit has nothing to bound")
        }
        for name in collapsing ?? [] where !labelNames.contains(name) {
            throw MetricsError(.invalidLimit, "\(family): the limit collapses \(name), which is not one of its labels")
        }
    }

    /// The positions (in the family's label order) of the labels that collapse.
    func collapsingPositions(labelNames: [String]) -> [Int] {
        guard let collapsing else { return Array(labelNames.indices) }
        return labelNames.indices.filter { collapsing.contains(labelNames[$0]) }
    }

    /// `values` with the collapsing positions replaced by `other`.
    static func collapse(_ values: [String], at positions: [Int]) -> [String] {
        var collapsed = values
        for position in positions { collapsed[position] = otherValue }
        return collapsed
    }

    /// Two values combined by `overflow`.
    func combine(_ a: Double, _ b: Double) -> Double {
        switch overflow {
        case .sum: return a + b
        case .min: return Swift.min(a, b)
        case .max: return Swift.max(a, b)
        }
    }
}
