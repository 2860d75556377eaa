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
    /// Without a bound: every derived key of the request with its count.
    private var counts: [String: Int] = [:]
    /// With a bound: the last keys counted, in a ring (see ``BoundedCounts``).
    private var bounded: BoundedCounts?

    /// Counts over a whole request: every derived key is remembered.
    public init() {}

    /// Counts over a stream too long to remember every key (an export file of millions
    /// of records): a derived key not seen among the last `limit` distinct ones starts
    /// again from the first occurrence. The entries of a meal lie next to each other in
    /// an export (one type's records are written together), far inside that bound; and
    /// the count depends only on the file's order, so importing the same file again gives
    /// the same keys.
    public init(remembering limit: Int) {
        bounded = BoundedCounts(limit: max(1, limit))
    }

    /// The key of the next id-less sample whose derived key is `base`.
    public mutating func key(for base: String) -> String {
        let seen: Int
        if bounded != nil {
            seen = bounded!.increment(base)
        } else {
            // One hash of `base` finds or adds its count.
            seen = Self.increment(&counts[base, default: -1])
        }
        return seen > 0 ? SampleKey.occurrence(seen, of: base) : base
    }

    /// Adds one to `count` in place and returns it.
    private static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
    }
}

/// The counts of the last `limit` distinct keys, the oldest forgotten first: a ring of
/// keys and an open-addressing table over it that keeps each key's hash, so forgetting
/// a key moves its neighbours without hashing them again (a Swift dictionary rehashes
/// every key it shifts on removal, and an export forgets one key per record).
struct BoundedCounts: Sendable {
    private var keys: [String] = []
    private var counts: [Int] = []
    private var hashes: [UInt64] = []
    /// Ring positions by hash, `-1` where empty; at most a quarter full.
    private var slots: [Int32]
    private let mask: Int
    private let limit: Int
    private var next = 0

    init(limit: Int) {
        self.limit = limit
        var size = 16
        while size < limit * 4 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        keys.reserveCapacity(limit)
        counts.reserveCapacity(limit)
        hashes.reserveCapacity(limit)
    }

    /// How often `key` was counted before this call among the remembered keys (0 the first time).
    mutating func increment(_ key: String) -> Int {
        let hash = SampleKey.hash64(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let position = Int(slots[slot])
            if hashes[position] == hash, keys[position] == key {
                counts[position] += 1
                return counts[position]
            }
            slot = (slot + 1) & mask
        }
        let position: Int
        if keys.count < limit {
            position = keys.count
            keys.append(key)
            counts.append(0)
            hashes.append(hash)
        } else {
            position = next
            forget(position)
            keys[position] = key
            counts[position] = 0
            hashes[position] = hash
            // The freed slot may have been this key's probe target.
            slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
        }
        slots[slot] = Int32(position)
        next = (position + 1) % limit
        return 0
    }

    /// Removes ring position `position` from the table: linear probing's deletion, each
    /// later entry of the cluster moved back when its home slot allows.
    private mutating func forget(_ position: Int) {
        var slot = Int(truncatingIfNeeded: hashes[position]) & mask
        while Int(slots[slot]) != position { slot = (slot + 1) & mask }
        var hole = slot
        var probe = (hole + 1) & mask
        while slots[probe] >= 0 {
            let home = Int(truncatingIfNeeded: hashes[Int(slots[probe])]) & mask
            // The entry at `probe` may fill the hole unless its home lies cyclically in (hole, probe].
            let between = hole <= probe ? (home > hole && home <= probe) : (home > hole || home <= probe)
            if !between {
                slots[hole] = slots[probe]
                hole = probe
            }
            probe = (probe + 1) & mask
        }
        slots[hole] = -1
    }
}
