import Foundation
import Testing
import HealthDomain
import HealthTesting
import SQLiteStore
@testable import HealthStore

/// The compact sample layout: keys and values read back exactly as they were sent, the
/// shapes that pack do, and the lookups by key use the index their key's kind has.
@Suite struct SampleLayoutTests {
    static let shapes: [(key: String, tag: UInt8?)] = [
        ("d1-0123456789abcdef0123456789abcdef", StoredKey.derivedTag),
        ("d1-0123456789abcdef0123456789abcdef-1", StoredKey.derivedOccurrenceTag),
        ("d1-0123456789abcdef0123456789abcdef-300", StoredKey.derivedOccurrenceTag),
        ("d1-00000000000000000000000000000000-9999999999999999999", StoredKey.derivedOccurrenceTag),
        ("d1-00000000000000000000000000000000-18446744073709551615", StoredKey.packedTag),
        ("s1-fedcba9876543210fedcba9876543210", StoredKey.syncDigestTag),
        ("7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6A", StoredKey.upperUUIDTag),
        ("12345678-1234-1234-1234-123456789012", StoredKey.upperUUIDTag),
        ("7a1d5c2e-0b3f-4e8a-9c6d-1f2e3d4c5b6a", StoredKey.lowerUUIDTag),
        ("0123456789ABCDEF0123456789ABCDEF", StoredKey.upperHexTag),
        ("01234567890123456789012345678901", StoredKey.upperHexTag),
        ("0123456789abcdef0123456789abcdef", StoredKey.lowerHexTag),
        ("demo-2021-11-27-ae-w-0", StoredKey.packedTag),
        ("a.b_c-d", nil), ("a.b_c-d.e_f", StoredKey.packedTag),
        // Kept as text: mixed case, too short to gain, characters outside the packed set,
        // a leading zero in an occurrence, hex of the wrong length or case.
        ("7A1D5C2E-0b3f-4E8A-9C6D-1F2E3D4C5B6A", nil),
        ("k", nil), ("k0", nil), ("abcde", nil), ("", nil),
        ("HK-CLI-1", nil), ("meal 2026-04-08 #3", nil), ("Ключ-7", nil),
        ("d1-0123456789abcdef0123456789abcdef-01", StoredKey.packedTag),
        ("d1-0123456789ABCDEF0123456789ABCDEF", nil),
        ("d1-0123456789abcdef0123456789abcde", StoredKey.packedTag),
        ("s1-FEDCBA9876543210FEDCBA9876543210", nil),
    ]

    @Test func everyShapeOfKeyReadsBackAsSentAndPacksAsItShould() {
        for (key, tag) in Self.shapes {
            let stored = StoredKey.encode(key)
            #expect(StoredKey.decode(stored) == key, "\(key)")
            switch stored {
            case .blob(let bytes): #expect(bytes.first == tag, "\(key) packed as \(bytes)")
            case .text(let text): #expect(tag == nil && text == key, "\(key) stayed text, expected tag \(tag.map(String.init) ?? "none")")
            default: Issue.record("\(key) stored as \(stored)")
            }
        }
        // The demo's 22-character key, a uuid and a derived key take 17 bytes each.
        for key in ["demo-2021-11-27-ae-w-0", "7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6A", "d1-0123456789abcdef0123456789abcdef"] {
            guard case .blob(let bytes) = StoredKey.encode(key) else { Issue.record("\(key) is packed"); continue }
            #expect(bytes.count == 17, "\(key)")
        }
    }

    @Test func placedKeysAreThoseGivenAtASamplesTime() {
        #expect(StoredKey.isPlaced("d1-0123456789abcdef0123456789abcdef"))
        #expect(StoredKey.isPlaced("d1-0123456789abcdef0123456789abcdef-2"))
        #expect(StoredKey.isPlaced("7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6A"))
        #expect(StoredKey.isPlaced("7a1d5c2e-0b3f-4e8a-9c6d-1f2e3d4c5b6a"))
        #expect(StoredKey.isPlaced("7A1D5C2E0B3F4E8A9C6D1F2E3D4C5B6A"))
        #expect(!StoredKey.isPlaced("s1-fedcba9876543210fedcba9876543210"))
        #expect(!StoredKey.isPlaced("demo-2021-11-27-ae-w-0"))
        #expect(!StoredKey.isPlaced("HK-CLI-1"))
    }

    /// Random keys over the characters every shape is made of: each reads back, and two
    /// different keys never share a stored form.
    @Test(arguments: 0..<4)
    func randomKeysReadBackAndNeverCollide(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 99)
        let alphabet = Array("0123456789abcdefABCDEF-._ sZ".utf8)
        var seen: [SQLiteValue: String] = [:]
        for index in 0..<4_000 {
            var key: String
            switch index % 4 {
            case 0: key = "d1-" + Self.hex(32, &rng) + (Bool.random(using: &rng) ? "-\(Int.random(in: 0...40, using: &rng))" : "")
            case 1 where index % 8 == 1:
                key = Bool.random(using: &rng) ? Self.hex(32, &rng).uppercased() : Self.hex(32, &rng)
            case 1:
                let digits = Self.hex(32, &rng)
                let upper = Bool.random(using: &rng)
                key = [8, 4, 4, 4, 12].reduce(into: (parts: [String](), rest: Substring(digits))) { state, length in
                    state.parts.append(String(state.rest.prefix(length)))
                    state.rest = state.rest.dropFirst(length)
                }.parts.joined(separator: "-")
                if upper { key = key.uppercased() }
            default:
                key = String(decoding: (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self)
            }
            let stored = StoredKey.encode(key)
            #expect(StoredKey.decode(stored) == key)
            if let other = seen[stored] { #expect(other == key, "\(key) and \(other) share \(stored)") }
            seen[stored] = key
        }
    }

    static func hex(_ count: Int, _ rng: inout SplitMix64) -> String {
        String(decoding: (0..<count).map { _ in Array("0123456789abcdef".utf8).randomElement(using: &rng)! }, as: UTF8.self)
    }

    @Test func valuesReadBackIdenticallyAndShortDecimalsTakeFewBytes() {
        let values: [Double] = [0.973, 1.801, 72, 72.5, 5_000, 12_345, -3.25, 0.001, 0.1, 0.2, 0.30000000000000004, 1e-7, 64.123456789,
                                160.4 * 0.45359237, 1.7976931348623157e308, -1.7976931348623157e308, .leastNonzeroMagnitude, 1e15, 123_456_789.123,
                                Double(1 << 49), Double(1 << 52) + 1, .pi, -0.5, 0.5]
        for value in values {
            let stored = StoredValue.encode(value)
            #expect(StoredValue.decode(stored)?.bitPattern == value.bitPattern, "\(value) as \(stored)")
        }
        #expect(StoredValue.encode(0.973) == .integer(973 * 4 + 3))
        #expect(StoredValue.encode(72) == .integer(72 * 4))
        #expect(StoredValue.encode(-3.25) == .integer(-325 * 4 + 2))
        #expect(StoredValue.encode(64.123456789) == .real(64.123456789))
        #expect(StoredValue.encode(nil) == .null)
        #expect(StoredValue.decode(.null) == nil)
        // Zero is zero whatever its sign, as SQLite's REAL columns stored it.
        #expect(StoredValue.encode(-0.0) == .integer(0))
        #expect(StoredValue.decode(StoredValue.encode(-0.0))?.bitPattern == 0.0.bitPattern)
    }

    @Test(arguments: 0..<3)
    func randomValuesReadBackIdentically(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 7)
        for _ in 0..<20_000 {
            let value: Double
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: value = Double(Int.random(in: -100_000...100_000, using: &rng)) / [1, 10, 100, 1_000, 10_000][Int.random(in: 0..<5, using: &rng)]
            case 1: value = Double.random(in: -1e6...1e6, using: &rng)
            case 2: value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
            default: value = Double(Int.random(in: -(1 << 52)...(1 << 52), using: &rng))
            }
            guard value.isFinite, value != 0 else { continue }
            #expect(StoredValue.decode(StoredValue.encode(value))?.bitPattern == value.bitPattern, "\(value)")
        }
    }

    /// The lookups by key probe the index their key's kind has, never the whole table.
    @Test func lookupsByKeyUseTheirIndexes() throws {
        let directory = NSTemporaryDirectory() + "healthstore-plan-\(UUID().uuidString)"
        let opened = try StoreOpener.open(path: directory + "/health.sqlite", priority: .default, nowMs: 0)
        defer { opened.store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let plans = try opened.store.pool.readSync { db in
            try [(SampleRow.selectMovable, 1), (SampleRow.selectPlaced, 2), (SampleRow.nextPeriod, 1)].map { sql, parameters in
                try db.query("EXPLAIN QUERY PLAN " + sql, Array(repeating: .null, count: parameters)) { $0.text(3) }.joined(separator: "; ")
            }
        }
        #expect(plans[0].contains("samples_by_key"), "\(plans[0])")
        #expect(plans[1].contains("samples_by_period_key"), "\(plans[1])")
        #expect(plans[2].contains("samples_by_period_key"), "\(plans[2])")
        for plan in plans { #expect(!plan.contains("SCAN s"), "\(plan)") }
    }

    /// A placed key is found in its period, deleted wherever it is, and moves with its
    /// sample inside the period; a movable key moves anywhere.
    @Test func keysAreFoundWhereTheirKindSays() async throws {
        let directory = NSTemporaryDirectory() + "healthstore-keys-\(UUID().uuidString)"
        let opened = try StoreOpener.open(path: directory + "/health.sqlite", priority: .default, nowMs: 0)
        let store = opened.store
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let start = DomainFixtures.local("2026-03-10", 9)
        let uuid = "7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6A"
        let old = DomainFixtures.sample(uuid, .stepCount, start, start + 60_000, value: 100, source: "Phone")
        let client = DomainFixtures.sample("meal-1", .stepCount, start, start + 60_000, value: 5, source: "Phone")
        _ = try await store.ingest([old, client], nowMs: start)
        // Moved by an hour (the same period) and by a year (a movable key): one sample each.
        var moved = old
        moved.startTimeMs += 3_600_000
        moved.endTimeMs += 3_600_000
        var far = client
        far.startTimeMs += 365 * 86_400_000
        far.endTimeMs += 365 * 86_400_000
        let outcome = try await store.ingest([moved, far], nowMs: start + 1)
        #expect(outcome.updated == 2)
        let rows = try await store.pool.read { db in try SampleRow.all(db: db).map(\.sample) }
        #expect(rows.map(\.sampleKey) == [uuid, "meal-1"])
        #expect(rows.map(\.startTimeMs) == [moved.startTimeMs, far.startTimeMs])
        // Deleted by key alone, wherever they are.
        let deleted = try await store.ingest([], deletedKeys: [uuid, "meal-1", "never"], nowMs: start + 2)
        #expect(deleted.deleted == 2)
        #expect(try store.sampleCount() == 0)
    }
}
