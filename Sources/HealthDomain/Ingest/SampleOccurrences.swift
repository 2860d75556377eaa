/// Tells apart the id-less samples of one request that share a derived key.
///
/// Food and water apps write each item of a meal as its own sample at the meal's time:
/// two `dietary_energy_consumed` samples of one source at 06:00 (210 and 145 kcal) are two
/// entries, yet their wire formats give both the same (metric, source, start, end) and so
/// the same derived key. Each gets the key of its place among the samples of the request
/// with that derived key — the first the derived key itself, the second `<key>-1`, … (see
/// ``SampleKey/occurrence(_:of:)``) — so both count, the same request sent again maps onto
/// the same keys (changing nothing), and a corrected value still updates in place.
///
/// One value counts one request (a HealthSave batch, a Health Auto Export body, one
/// ingest, one observation batch) or one export file; every adapter goes through
/// ``SampleRules/validate(_:occurrences:)``, so the rule is the same on every path. Only
/// samples without an identity of their own are counted: a HealthKit uuid, a sync
/// identifier or a client's key names one sample whatever else shares its times.
public struct SampleOccurrences: Sendable {
    private var counts: [String: Int] = [:]
    /// With a memory bound: the derived keys counted, oldest first, in a ring.
    private var ring: [String] = []
    private var next = 0
    private let memory: Int?

    /// Counts over a whole request: every derived key is remembered.
    public init() { memory = nil }

    /// Counts over a stream too long to remember every key (an export file of millions
    /// of records): a derived key not seen among the last `limit` distinct ones starts
    /// again from the first occurrence. The entries of a meal lie next to each other in
    /// an export (one type's records are written together), far inside that bound; and
    /// the count depends only on the file's order, so importing the same file again gives
    /// the same keys.
    public init(remembering limit: Int) {
        memory = max(1, limit)
        ring.reserveCapacity(max(1, limit))
    }

    /// The key of the next id-less sample whose derived key is `base`.
    public mutating func key(for base: String) -> String {
        // One hash of `base` finds or adds its count (a million-record export asks this
        // once per record).
        let seen = Self.increment(&counts[base, default: -1])
        if seen > 0 { return SampleKey.occurrence(seen, of: base) }
        if let memory {
            if ring.count < memory {
                ring.append(base)
            } else {
                counts[ring[next]] = nil
                ring[next] = base
            }
            next = (next + 1) % memory
        }
        return base
    }

    /// Adds one to `count` in place and returns it.
    private static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
    }
}
