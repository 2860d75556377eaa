/// Why a metric family could not be registered. Registration happens at startup, so these
/// are configuration mistakes; the hot path (handles) never throws.
public struct MetricsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable {
        /// A metric name outside `[a-zA-Z_:][a-zA-Z0-9_:]*`.
        case invalidMetricName
        /// A label name outside `[a-zA-Z_][a-zA-Z0-9_]*`, starting with the reserved `__`,
        /// repeated, or `le` on a histogram.
        case invalidLabelName
        /// The name, or one of the `_bucket`/`_sum`/`_count` names a histogram adds, is taken.
        case duplicateName
        /// Histogram bounds that are not finite and strictly increasing.
        case invalidBuckets
        /// A series limit below 1, naming a label the family does not have, or with an
        /// overflow rule that makes no sense for the type (only sums for counters and histograms).
        case invalidLimit
        /// A type a scrape-time collector cannot produce (histograms).
        case unsupportedType
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence for a person.
    public var message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
