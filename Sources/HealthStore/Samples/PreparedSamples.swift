import HealthDomain
import SQLiteStore

/// The parts of a batch's samples the writer would otherwise compute inside its
/// transaction: each sample's stored key (``StoredKey``) and stored value
/// (``StoredValue``), and which of the batch's distinct metrics and origins it names.
/// ``IngestBatch/prepare()`` builds it on the caller's thread, so the one writer thread
/// spends its time on SQL rather than on packing bytes and hashing strings.
///
/// It describes the samples as they were when prepared: a sample whose key the store
/// changes (a new occurrence key) packs its key again.
struct PreparedSamples: Sendable {
    /// One sample's prepared parts.
    struct Entry: Sendable {
        var key: SQLiteValue
        var value: SQLiteValue
        /// Index into ``metrics``.
        var metric: Int32
        /// Index into ``origins``.
        var origin: Int32
    }

    var entries: [Entry] = []
    /// The batch's distinct metric names, in order of first appearance.
    var metrics: [String] = []
    /// The batch's distinct origins, in order of first appearance.
    var origins: [SampleInterner.Origin] = []

    init(_ samples: [Sample]) {
        entries.reserveCapacity(samples.count)
        var metricIndex: [String: Int32] = [:]
        var originIndex: [SampleInterner.Origin: Int32] = [:]
        // An export lists a type's records from one source together: most samples name
        // the previous sample's metric and origin, which a comparison settles without hashing.
        var lastMetric: (name: String, index: Int32)?
        var lastOrigin: (origin: SampleInterner.Origin, index: Int32)?
        for sample in samples {
            let metric: Int32
            if let last = lastMetric, last.name == sample.metric.rawValue {
                metric = last.index
            } else if let known = metricIndex[sample.metric.rawValue] {
                metric = known
            } else {
                metric = Int32(metrics.count)
                metrics.append(sample.metric.rawValue)
                metricIndex[sample.metric.rawValue] = metric
            }
            lastMetric = (sample.metric.rawValue, metric)
            let origin = SampleInterner.Origin(sample)
            let originAt: Int32
            if let last = lastOrigin, last.origin == origin {
                originAt = last.index
            } else if let known = originIndex[origin] {
                originAt = known
            } else {
                originAt = Int32(origins.count)
                origins.append(origin)
                originIndex[origin] = originAt
            }
            lastOrigin = (origin, originAt)
            entries.append(Entry(key: StoredKey.encode(sample.sampleKey), value: StoredValue.encode(sample.valueNumber),
                                 metric: metric, origin: originAt))
        }
    }
}

/// The ids a write transaction found or created for a ``PreparedSamples``' metrics and
/// origins, each resolved once per batch through the transaction's ``SampleInterner``.
struct PreparedIds {
    private let prepared: PreparedSamples
    private let interner: SampleInterner
    private var metricIds: [Int64?]
    private var originIds: [Int64?]

    init(_ prepared: PreparedSamples, interner: SampleInterner) {
        self.prepared = prepared
        self.interner = interner
        metricIds = Array(repeating: nil, count: prepared.metrics.count)
        originIds = Array(repeating: nil, count: prepared.origins.count)
    }

    /// Entry `entry` as a row binds it, its ids created when `create`.
    mutating func packed(_ entry: PreparedSamples.Entry, create: Bool) throws -> SampleRow.Packed {
        SampleRow.Packed(key: entry.key, value: entry.value, metricId: try metricId(of: entry, create: create),
                         originId: try originId(of: entry, create: create))
    }

    /// The id of entry `entry`'s metric; created when `create` (else nil for one never stored).
    mutating func metricId(of entry: PreparedSamples.Entry, create: Bool) throws -> Int64? {
        let index = Int(entry.metric)
        if let id = metricIds[index] { return id }
        let id = try interner.metricId(prepared.metrics[index], create: create)
        metricIds[index] = id
        return id
    }

    /// The id of entry `entry`'s origin; created when `create` (else nil for one never stored).
    mutating func originId(of entry: PreparedSamples.Entry, create: Bool) throws -> Int64? {
        let index = Int(entry.origin)
        if let id = originIds[index] { return id }
        let id = try interner.originId(prepared.origins[index], create: create)
        originIds[index] = id
        return id
    }
}
