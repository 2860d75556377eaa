import Testing
@testable import HealthAPI
import HealthDomain
@testable import HealthFormats
@testable import HealthStore

/// The read API's pieces on their own: CSV quoting, the rate limiter's windows, the type
/// table and its unit scales, and user ids.
@Suite struct ReadAPIUnitTests {
    func csv(_ fields: [String]) -> String {
        var out: [UInt8] = []
        CSVRecord.append(fields, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func csvQuotesOnlyWhatRFC4180Needs() {
        #expect(csv(["steps", "8432", "iPhone"]) == "steps,8432,iPhone\r\n")
        #expect(csv(["a,b", "say \"hi\"", "x\ny", "", " pad"]) == "\"a,b\",\"say \"\"hi\"\"\",\"x\ny\",,\" pad\"\r\n")
    }

    @Test func limiterCountsPerAddressAndOpensANewWindowAfterAMinute() {
        let limiter = ReadRateLimiter(limit: 3)
        let start: Int64 = 1_000_000
        let decisions = (0..<4).map { limiter.take(address: "a", nowMs: start + Int64($0) * 1000) }
        #expect(decisions.map(\.allowed) == [true, true, true, false])
        #expect(decisions.map(\.remaining) == [2, 1, 0, 0])
        #expect(decisions.allSatisfy { $0.resetSeconds == 1060 })
        #expect(decisions[3].retryAfterSeconds == 57)
        #expect(limiter.take(address: "b", nowMs: start + 3000).allowed)
        let later = limiter.take(address: "a", nowMs: start + 60_000)
        #expect(later.allowed && later.remaining == 2 && later.resetSeconds == 1120)
    }

    @Test func limiterKeepsItsTableBounded() {
        let limiter = ReadRateLimiter(limit: 1, maxTrackedAddresses: 2)
        _ = limiter.take(address: "a", nowMs: 0)
        _ = limiter.take(address: "b", nowMs: 1)
        _ = limiter.take(address: "c", nowMs: 2)
        // "a" was the oldest and was dropped, so it starts afresh.
        #expect(limiter.take(address: "a", nowMs: 3).allowed)
    }

    @Test func seedTypesScaleFromTheCanonicalUnit() throws {
        let table = ReadTypeTable(catalog: .standard)
        let distance = try #require(table.type("distance"))
        #expect(distance.metric.rawValue == "distance_walking_running_km" && distance.unit == "m" && distance.value(1.5) == 1500)
        let height = try #require(table.type("height"))
        #expect(height.value(180) == 1.8)
        #expect(table.type("blood_oxygen")?.value(97) == 97)
        #expect(table.type("HKQuantityTypeIdentifierStepCount")?.metric == .stepCount)
        #expect(table.type("invalid_type") == nil)
        #expect(Array(table.types.prefix(10)).map(\.id) == ReadType.seedTable.map(\.id))
        #expect(ReadType.displayName(try #require(MetricCatalog.standard.spec(for: "heart_rate_bpm"))) == "Heart Rate")
    }

    @Test func userIdsAreUUIDs() {
        #expect(UserIdentity.isUUID("550e8400-e29b-41d4-a716-446655440000"))
        #expect(UserIdentity.isUUID("550E8400-E29B-41D4-A716-446655440000"))
        #expect(!UserIdentity.isUUID("550e8400e29b41d4a716446655440000"))
        #expect(!UserIdentity.isUUID("not-a-uuid"))
        let generated = UserIdentity.randomUUID()
        #expect(UserIdentity.isUUID(generated))
        #expect(Array(generated)[14] == "4")
        #expect(generated != UserIdentity.randomUUID())
    }
}
