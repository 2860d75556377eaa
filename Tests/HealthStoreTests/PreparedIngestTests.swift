import Foundation
import Testing
import HealthDomain
import HealthTesting
import SQLiteStore
@testable import HealthStore

/// A batch prepared on the caller's thread is stored exactly as the same batch
/// unprepared, and the shortcuts a new sample takes (the instants read per batch, the
/// insert that finds a taken key) decide what the per-sample lookups decided.
@Suite struct PreparedIngestTests {
    static func open() throws -> (store: SampleStore, close: () -> Void) {
        let directory = NSTemporaryDirectory() + "healthstore-prepared-\(UUID().uuidString)"
        let opened = try StoreOpener.open(path: directory + "/health.sqlite", priority: .default, nowMs: 0)
        return (opened.store, { opened.store.close(); try? FileManager.default.removeItem(atPath: directory) })
    }

    static func rows(_ store: SampleStore) async throws -> [Sample] {
        try await store.pool.read { db in try SampleRow.all(db: db).map(\.sample) }
    }

    static func aggregates(_ store: SampleStore) async throws -> [String] {
        try await store.pool.read { db in
            try db.query("SELECT day, metric, value, data, source FROM day_aggregates ORDER BY day, metric", []) {
                "\($0.int64(0)) \($0.text(1)) \($0.optionalDouble(2) ?? -1) \($0.text(3)) \($0.optionalText(4) ?? "-")"
            }
        }
    }

    /// Id-less steps every ten minutes over two days from one source.
    static func idless(from start: Int64, count: Int, source: String = "Phone") -> [Sample] {
        (0..<count).map { index in
            let from = start + Int64(index) * 600_000
            let key = SampleKey.derived(metric: .stepCount, source: source, startTimeMs: from, endTimeMs: from + 300_000)
            return DomainFixtures.sample(key, .stepCount, from, from + 300_000, value: Double(10 + index % 7), source: source)
        }
    }

    @Test func aPreparedBatchIsStoredAsTheSameBatchUnprepared() async throws {
        let start = DomainFixtures.local("2026-03-10", 6)
        var samples = Self.idless(from: start, count: 150)
        // Two entries of one instant (the second an occurrence), an identified sample, a
        // sample of another source at the same minute as a phone one, a weight.
        samples.append(DomainFixtures.sample(SampleKey.occurrence(1, of: samples[3].sampleKey), .stepCount, samples[3].startTimeMs,
                                             samples[3].endTimeMs, value: 4, source: "Phone"))
        samples.append(DomainFixtures.sample("7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6A", .stepCount, start + 7, start + 60_007, value: 99, source: "Watch"))
        samples.append(DomainFixtures.sample("weigh-1", .bodyMassKg, start, start, value: 71.3, source: "Scale"))
        let plain = try Self.open(), prepared = try Self.open()
        defer { plain.close(); prepared.close() }
        var batch = IngestBatch(samples: samples)
        batch.prepare()
        let first = try await plain.store.ingest(IngestBatch(samples: samples), nowMs: start).stored.samples
        let second = try await prepared.store.ingest(batch, nowMs: start).stored.samples
        #expect(first.inserted == samples.count && second.inserted == samples.count)
        #expect(try await Self.rows(prepared.store) == Self.rows(plain.store))
        #expect(try await Self.aggregates(prepared.store) == Self.aggregates(plain.store))

        // Changing the samples forgets what was prepared for the old ones.
        batch.samples[0].valueNumber = 500
        batch.samples[0].sourceName = "Other phone"
        let changed = try await prepared.store.ingest(batch, nowMs: start + 1).stored.samples
        // The derived key stays the sample's: updated in place, its source and value new.
        #expect(changed.updated == 1 && changed.unchanged == samples.count - 1)
        #expect(try await Self.rows(prepared.store).contains { $0.sourceName == "Other phone" && $0.valueNumber == 500 })
    }

    /// A uuid sent for samples first stored id-less takes them over, whether the batch's
    /// span was read at once (few stored samples in it) or is too full to read and each
    /// instant is looked up.
    @Test(arguments: [false, true])
    func identifiedSamplesTakeOverTheIdlessOnesAtTheirInstant(spreadOverTheSpan: Bool) async throws {
        let (store, close) = try Self.open()
        defer { close() }
        let start = DomainFixtures.local("2026-03-10", 6)
        let stored = Self.idless(from: start, count: 300)
        _ = try await store.ingest(stored, nowMs: start)
        // Two samples at the span's ends see 300 stored instants between them (more than a
        // two-sample batch reads); two neighbours see two.
        let chosen = spreadOverTheSpan ? [stored[0], stored[299]] : [stored[100], stored[101]]
        let identified = chosen.enumerated().map { index, sample in
            var copy = sample
            copy.sampleKey = "7A1D5C2E-0B3F-4E8A-9C6D-00000000000\(index)"
            return copy
        }
        let before = try await Self.aggregates(store)
        let outcome = try await store.ingest(identified, nowMs: start + 1)
        #expect(outcome.updated == 2 && outcome.inserted == 0)
        let rows = try await Self.rows(store)
        #expect(rows.count == 300)
        #expect(Set(rows.map(\.sampleKey)).isSuperset(of: identified.map(\.sampleKey)))
        #expect(try await Self.aggregates(store) == before)
    }

    /// A sample whose key is taken though nothing stood at its new instant (moved by its
    /// client) updates the stored sample; the same key twice in one batch is one sample.
    @Test func aTakenKeyAtAnEmptyInstantUpdatesTheStoredSample() async throws {
        let (store, close) = try Self.open()
        defer { close() }
        let start = DomainFixtures.local("2026-03-10", 6)
        let first = DomainFixtures.sample("meal-1", .stepCount, start, start + 60_000, value: 5, source: "Phone")
        _ = try await store.ingest([first], nowMs: start)
        var moved = first
        moved.startTimeMs += 7_200_000
        moved.endTimeMs += 7_200_000
        var again = moved
        again.valueNumber = 8
        let outcome = try await store.ingest([moved, again], nowMs: start + 1)
        #expect(outcome.inserted == 0 && outcome.updated == 2)
        let rows = try await Self.rows(store)
        #expect(rows.map(\.startTimeMs) == [moved.startTimeMs])
        #expect(rows.map(\.valueNumber) == [8])
    }
}
