import HealthDomain
import SQLiteStore

/// Raw samples and their day aggregates in SQLite. Every change to samples and the
/// recomputation of the days it touches happen in one `BEGIN IMMEDIATE` transaction,
/// so a reader never sees samples and aggregates that disagree.
public final class SampleStore: Sendable {
    /// The connections. Only the commands that copy, restore, verify or export the
    /// database file as a whole reach past the store's methods to it.
    public let pool: DatabasePool
    public let priority: SourcePriority
    public let clock: ZoneClock
    /// The metric table: which metrics get day values and how.
    public let catalog: MetricCatalog
    /// Rung after every committed ingest and write-intent change (``ChangeBell``).
    public let changeBell = ChangeBell()

    public init(pool: DatabasePool, priority: SourcePriority = .default, clock: ZoneClock = .shared, catalog: MetricCatalog = .standard) {
        self.pool = pool
        self.priority = priority
        self.clock = clock
        self.catalog = catalog
    }

    /// How the store's pieces derive days, handed into its synchronous cores.
    public var rules: Derivation { Derivation(priority: priority, clock: clock, catalog: catalog) }

    /// The synchronous core of `ingest`, for callers already inside a write transaction.
    static func ingest(_ samples: [Sample], prepared given: PreparedSamples? = nil, deletedKeys: [String], nowMs: Int64, db: Database,
                       rules: Derivation) throws -> IngestOutcome {
        // Keys and values packed, metrics and origins grouped: by the caller's thread when
        // the batch was prepared, else here.
        let prepared = given ?? PreparedSamples(samples)
        let clock = rules.clock
        var outcome = IngestOutcome()
        var touched = DayTouches()
        var extents = try MetricExtent.loadAll(db)
        var grown: [Metric: MetricExtent] = [:]

        // Write intents whose HealthKit sample arrives here are reconciled in this same
        // transaction; with nothing queued (the common case) that costs one probe.
        let reconcileIntents = try WriteIntentStore.hasQueuedIntents(db: db)
        var changedSamples: [Sample] = []

        let interner = SampleInterner(db: db)
        var ids = PreparedIds(prepared, interner: interner)
        // The instants of each metric that held a sample before this batch (see `Occupancy`).
        var occupancy = Occupancy(prepared: prepared, samples: samples)
        // Re-sends come in runs (a client re-sending a window, a file imported again):
        // after an unchanged sample, the next is first checked in SQL without decoding
        // the stored row; a miss falls through to the full path below. The first sample
        // is checked so too: a batch of a file imported again then never reads the
        // instants its span held (`occupancy`), which only new samples need.
        var expectUnchanged = true
        // Stored keys the samples so far became: each stored sample stands for one
        // arriving sample, so two entries of a request never land on one (see `identity`).
        var claimed = ClaimedKeys()
        for (index, var sample) in samples.enumerated() {
            let entry = prepared.entries[index]
            if expectUnchanged, try SampleRow.isStoredUnchanged(sample, as: ids.packed(entry, create: false), interner: interner) {
                outcome.unchanged += 1
                claimed.insert(sample.sampleKey)
                continue
            }
            var existing: Sample?
            var replaced: Sample?
            // Whether `sample` is still the one prepared (identity may make it another).
            var asPrepared = true
            let othersAtInstant = try occupancy.mayHoldOthers(sample, metric: entry.metric, interner: interner)
            // A sample whose instant held nothing before this batch and that no sync
            // identifier may tie to a stored one is its own key's: new unless the key is
            // taken, which the insert itself finds out (see `identity`).
            let inserted = try !othersAtInstant && !Self.mayMatchBySyncIdentifier(sample)
                && (SampleRow.insertIfAbsent(sample, as: ids.packed(entry, create: true), receivedMs: nowMs, updatedMs: nowMs, interner: interner))
            if !inserted { existing = try SampleRow.find(stored: entry.key, near: sample.startTimeMs, interner: interner) }
            if !inserted, existing != sample {
                switch try identity(for: sample, own: existing, claimed: claimed.set(), othersAtInstant: othersAtInstant, interner: interner) {
                case .own:
                    break
                case .same(let stored):
                    existing = stored
                    var merged = stored
                    merged.valueNumber = sample.valueNumber
                    merged.unit = sample.unit
                    sample = merged
                    asPrepared = false
                case .takesOver(let stored):
                    replaced = stored
                    claimed.insert(stored.sampleKey)
                case .newEntry(let key):
                    existing = nil
                    sample.sampleKey = key
                    asPrepared = false
                }
            }
            claimed.insert(sample.sampleKey)
            if let existing, existing == sample {
                outcome.unchanged += 1
                expectUnchanged = true
                continue
            }
            expectUnchanged = false
            if inserted {
                outcome.inserted += 1
            } else if let replaced {
                try SampleRow.delete(replaced, interner: interner, db: db)
                _ = touched.add(replaced, kind: rules.catalog.kind(of: replaced.metric), clock: clock)
                let packed = asPrepared ? try ids.packed(entry, create: true) : try SampleRow.Packed(sample, interner: interner, create: true)
                try SampleRow.insert(sample, as: packed, receivedMs: nowMs, updatedMs: nowMs, interner: interner)
                outcome.updated += 1
            } else if let existing {
                try SampleRow.update(existing, to: sample, nowMs: nowMs, interner: interner, db: db)
                outcome.updated += 1
                _ = touched.add(existing, kind: rules.catalog.kind(of: existing.metric), clock: clock)
            } else {
                let packed = asPrepared ? try ids.packed(entry, create: true) : try SampleRow.Packed(sample, interner: interner, create: true)
                try SampleRow.insert(sample, as: packed, receivedMs: nowMs, updatedMs: nowMs, interner: interner)
                outcome.inserted += 1
            }
            let kind = rules.catalog.kind(of: sample.metric)
            // The sample's one attribution: its days for recomputation, its offset for the extent.
            let attribution = touched.add(sample, kind: kind, clock: clock)
            if reconcileIntents { changedSamples.append(sample) }
            if kind == nil { outcome.rawOnlyMetrics.insert(sample.metric) }
            let extent = MetricExtent(sample, offsetSeconds: attribution.offsetSeconds)
            if var known = extents[sample.metric] {
                if known.formUnion(extent) {
                    extents[sample.metric] = known
                    grown[sample.metric] = known
                }
            } else {
                extents[sample.metric] = extent
                grown[sample.metric] = extent
            }
        }

        if !deletedKeys.isEmpty {
            // Placed keys are looked for in every period that holds samples, read once.
            var periods: [Int64]?
            let allPeriods = { () throws -> [Int64] in
                if let periods { return periods }
                let read = try SampleRow.periods(db: db)
                periods = read
                return read
            }
            for key in deletedKeys {
                // Deleting a key the store does not hold is not an error: deletes are idempotent.
                let found = try SampleRow.findAll(key: key, periods: allPeriods, db: db)
                guard !found.isEmpty else { continue }
                for existing in found {
                    try SampleRow.delete(existing, interner: interner, db: db)
                    _ = touched.add(existing, kind: rules.catalog.kind(of: existing.metric), clock: clock)
                }
                outcome.deleted += 1
            }
        }

        try MetricExtent.save(grown, db)

        if reconcileIntents { try WriteIntentStore.reconcile(samples: changedSamples, nowMs: nowMs, clock: clock, db: db) }
        outcome.headlines = try recompute(touched.days, db: db, rules: rules, extents: extents, nowMs: nowMs)
        outcome.affected = touched.byDay
        return outcome
    }
}

/// The stored keys an ingest's samples so far became, hashed only when a lookup needs
/// them: most samples of a batch are new or unchanged and never ask (see `identity`).
struct ClaimedKeys {
    private var unhashed: [String] = []
    private var hashed = Set<String>()

    mutating func insert(_ key: String) { unhashed.append(key) }

    /// Every key claimed so far.
    mutating func set() -> Set<String> {
        if !unhashed.isEmpty {
            hashed.formUnion(unhashed)
            unhashed.removeAll(keepingCapacity: true)
        }
        return hashed
    }
}

/// The (day, metric) pairs an ingest touched, by metric for recomputation and by day for the response.
struct DayTouches {
    private(set) var days: [Metric: Set<DayKey>] = [:]

    /// Records the days `sample` touches (none when it is stored raw) and returns its attribution.
    mutating func add(_ sample: Sample, kind: MetricKind?, clock: ZoneClock) -> DayAttribution.Attribution {
        let attribution = DayAttribution.attribute(sample, kind: kind, clock: clock)
        if kind != nil {
            for ordinal in attribution.first.ordinal...attribution.last.ordinal {
                days[sample.metric, default: []].insert(DayKey(ordinal: ordinal))
            }
        }
        return attribution
    }

    var byDay: [DayKey: Set<Metric>] {
        var result: [DayKey: Set<Metric>] = [:]
        for (metric, keys) in days { for day in keys { result[day, default: []].insert(metric) } }
        return result
    }
}

/// Which instants of a batch's metrics held a sample before the batch: one range read per
/// metric (over the batch's own time span) instead of one probe per sample. A sample at an
/// instant absent here can only meet samples this batch stored there, each claimed by
/// the sample it stored, so the identity search at that instant would find nothing.
///
/// Read lazily, the first time a metric's sample needs it: by then the batch may have
/// stored samples in the span, which only adds instants (a needless probe, never a
/// missed one); a stored sample the batch moved or deleted before the read is no longer
/// at its old instant, where the probe would not find it either. A span holding many
/// more samples than the batch brings (a few samples spread over years of a dense
/// metric) is not read: every instant of it counts as occupied, as without this.
struct Occupancy {
    private var spans: [(low: Int64, high: Int64, count: Int)]
    private enum Known {
        case unread
        case instants(Set<Int64>)
        /// Too many to read: every instant may be occupied.
        case any
    }

    private var known: [Known]

    init(prepared: PreparedSamples, samples: [Sample]) {
        spans = Array(repeating: (Int64.max, Int64.min, 0), count: prepared.metrics.count)
        known = Array(repeating: .unread, count: prepared.metrics.count)
        for (entry, sample) in zip(prepared.entries, samples) {
            let index = Int(entry.metric)
            let span = spans[index]
            spans[index] = (min(span.low, sample.startTimeMs), max(span.high, sample.startTimeMs), span.count + 1)
        }
    }

    /// Whether samples other than this batch's may be stored at `sample`'s start, for
    /// `sample` of prepared metric `metric`.
    mutating func mayHoldOthers(_ sample: Sample, metric: Int32, interner: SampleInterner) throws -> Bool {
        let index = Int(metric)
        if case .unread = known[index] { known[index] = try read(sample.metric, span: spans[index], interner: interner) }
        guard case .instants(let occupied) = known[index] else { return true }
        return occupied.contains(sample.startTimeMs)
    }

    private func read(_ metric: Metric, span: (low: Int64, high: Int64, count: Int), interner: SampleInterner) throws -> Known {
        guard let id = try interner.metricId(metric.rawValue, create: false) else { return .instants([]) }
        let limit = 2 * span.count + 64
        let starts = try interner.db.query("SELECT DISTINCT start_ms FROM samples WHERE metric = ?1 AND start_ms BETWEEN ?2 AND ?3 LIMIT ?4",
                                           [.integer(id), .integer(span.low), .integer(span.high), .integer(Int64(limit))]) { $0.int64(0) }
        return starts.count < limit ? .instants(Set(starts)) : .any
    }
}
