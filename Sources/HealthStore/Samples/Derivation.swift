import HealthDomain

/// What decides a stored day value besides the samples: the metric table, the source
/// priority and the zone clock. One value, so the synchronous store cores that run inside
/// a transaction take one argument instead of three.
public struct Derivation: Sendable {
    /// Ranks sources for de-duplication and for choosing a night's source.
    public var priority: SourcePriority
    /// Zone offsets and day bounds.
    public var clock: ZoneClock
    /// Which metrics get day values, and of which kind.
    public var catalog: MetricCatalog

    /// A derivation with explicit parts.
    public init(priority: SourcePriority, clock: ZoneClock, catalog: MetricCatalog) {
        self.priority = priority
        self.clock = clock
        self.catalog = catalog
    }
}
