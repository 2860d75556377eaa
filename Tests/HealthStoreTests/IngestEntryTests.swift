import Foundation
import Testing
import HealthDomain
import HealthTesting
import SQLiteStore
@testable import HealthStore

/// The store's one ingest entry, through its public API: the ledger decides before
/// anything is stored, and what is stored is readable through one reader.
@Suite struct IngestEntryTests {
    static func openStore() throws -> (SampleStore, String) {
        let directory = NSTemporaryDirectory() + "healthstore-\(UUID().uuidString)"
        let opened = try StoreOpener.open(path: directory + "/health.sqlite", priority: .default, nowMs: 1_775_800_000_000)
        return (opened.store, directory)
    }

    static func steps(_ key: String, start: Int64) -> Sample {
        DomainFixtures.sample(key, .stepCount, start, start + 60_000, value: 100, source: "Phone")
    }

    static func ledger(_ key: String, hash: String) -> IngestOptions.Ledger {
        IngestOptions.Ledger(key: key, payloadHash: hash) { stored in
            BatchLedger.Entry(key: key, payloadHash: hash, syncRunID: nil, batchID: nil, metric: "step_count", batchIndex: nil, totalBatches: nil,
                              headers: [:], status: 200, body: Array("inserted \(stored.samples.inserted)".utf8), recordsReceived: 1,
                              recordsAccepted: 1, recordsRejected: 0, windowStartMs: nil, windowEndMs: nil)
        }
    }

    @Test func theLedgerReplaysAndRefusesWithoutStoring() async throws {
        let (store, directory) = try Self.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let start = DomainFixtures.local("2026-03-10", 9)
        let first = try await store.ingest(IngestBatch(samples: [Self.steps("a", start: start)]),
                                           options: IngestOptions(client: .healthSave, ledger: Self.ledger("k1", hash: "h1")), nowMs: start)
        guard case .stored(let result) = first else { Issue.record("the first batch is stored"); return }
        #expect(result.samples.inserted == 1)
        #expect(result.ledgerEntry?.body == Array("inserted 1".utf8))

        // The same key and hash: the first answer again, and the new sample is not stored.
        let again = try await store.ingest(IngestBatch(samples: [Self.steps("b", start: start + 120_000)]),
                                           options: IngestOptions(ledger: Self.ledger("k1", hash: "h1")), nowMs: start)
        guard case .replay(let status, let body) = again else { Issue.record("a replay"); return }
        #expect(status == 200)
        #expect(body == Array("inserted 1".utf8))
        // The same key with another hash: refused, nothing stored.
        let conflict = try await store.ingest(IngestBatch(samples: [Self.steps("c", start: start + 240_000)]),
                                              options: IngestOptions(ledger: Self.ledger("k1", hash: "h2")), nowMs: start)
        guard case .conflict = conflict else { Issue.record("a conflict"); return }
        #expect(try store.sampleCount() == 1)

        let (entries, tallies) = try await store.read { reader in (try reader.syncEntries(), try reader.healthSaveCoverage()) }
        #expect(entries.map(\.client) == ["healthsave"])
        #expect(tallies.map(\.batchesSeen) == [1])
    }

    @Test func anIdentifiedSampleTakesOverTheOneSentEarlierWithoutItsID() async throws {
        let (store, directory) = try Self.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let start = DomainFixtures.local("2026-03-10", 9)
        // The first send had no id: its key was derived from metric, source and times.
        let derived = Self.steps(SampleKey.derivedPrefix + "earlier", start: start)
        _ = try await store.ingest([derived], nowMs: start)
        let identified = Self.steps("uuid-1", start: start)
        let answer = try await store.ingest(IngestBatch(samples: [identified]), options: IngestOptions(), nowMs: start)
        guard case .stored(let result) = answer else { Issue.record("stored"); return }
        // One measurement: the identified send updates the stored entry instead of adding a second.
        #expect(result.samples.inserted == 0)
        #expect(result.samples.updated + result.samples.unchanged == 1)
        #expect(try store.sampleCount() == 1)
    }
}
