import HealthDomain
import HealthStore
import HealthTesting
@testable import HealthService
import Notifications
import Testing

/// The watcher against a real store with a clock moved by hand: each time-based event
/// comes at the moment its rule turns, once, and again only after a new transition.
@Suite struct ChangeWatcherTests {
    static let zone = ChangeWatcher.Configuration(defaultZone: "Europe/Berlin")

    static func entries(_ store: SampleStore, after: Int64) async throws -> [ChangeEntry] {
        try await store.changes(after: after, limit: 1_000).entries
    }

    static func head(_ store: SampleStore) async throws -> Int64 {
        try await store.changes(after: nil, limit: 0).bounds.head
    }

    @Test func aDaySettlesOnceTwoHoursAfterItsLastArrivalOnceItHasEnded() async throws {
        let file = StoreFile()
        let evening = DomainFixtures.local("2026-03-10", 23)
        let store = try file.open(nowMs: evening)
        defer { store.close() }
        let watcher = ChangeWatcher(store: store, configuration: Self.zone)
        try await watcher.tick(nowMs: evening - 60_000)
        _ = try await store.ingest([Samples.steps("a", "2026-03-10", hour: 20)], nowMs: evening)
        let mark = try await Self.head(store)

        #expect(try await watcher.tick(nowMs: evening + 30 * 60_000) == 0)           // the day has not ended
        #expect(try await watcher.tick(nowMs: DomainFixtures.local("2026-03-11", 0, 30)) == 0)  // ended, arrival 1.5 h ago
        #expect(try await watcher.tick(nowMs: DomainFixtures.local("2026-03-11", 1, 1)) == 1)
        let settled = try await Self.entries(store, after: mark)
        #expect(settled.map(\.type) == ["day.settled"])
        #expect(settled[0].subject == ["day": "2026-03-10", "metrics": ["step_count"], "revised": false])
        #expect(settled[0].values == ["step_count": 100])

        // A restarted server (another watcher on the same database) does not emit it again.
        let restarted = ChangeWatcher(store: store, configuration: Self.zone)
        #expect(try await restarted.tick(nowMs: DomainFixtures.local("2026-03-11", 2)) == 0)

        // A late sample revises the settled day: it settles, and is reported, again.
        let late = DomainFixtures.local("2026-03-11", 9)
        _ = try await store.ingest([Samples.steps("b", "2026-03-10", hour: 21, value: 50)], nowMs: late)
        #expect(try await restarted.tick(nowMs: late + 60 * 60_000) == 0)
        #expect(try await restarted.tick(nowMs: late + 2 * 60 * 60_000) == 1)
        let revised = try await Self.entries(store, after: mark).filter { $0.type == "day.settled" }
        #expect(revised.count == 2 && revised[1].subject["revised"] == true && revised[1].values == ["step_count": 150])
    }

    @Test func lastNightSettlesAndReadinessIsReadyOnceItScores() async throws {
        let file = StoreFile()
        let morning = DomainFixtures.local("2026-03-20", 7)
        let store = try file.open(nowMs: morning)
        defer { store.close() }
        // Nineteen earlier nights and mornings: baselines for HRV, resting HR and sleep.
        var history: [Sample] = []
        for offset in 1...19 {
            let day = DayKey("2026-03-20")!.adding(days: -offset).description
            history += [Samples.night(day, minutes: 420 + Int64(offset % 5) * 10), Samples.reading(.hrvSdnnMs, day, 40 + Double(offset % 7)),
                        Samples.reading(.restingHeartRateBpm, day, 58 + Double(offset % 3))]
        }
        _ = try await store.ingest(history, nowMs: morning - 86_400_000)
        let watcher = ChangeWatcher(store: store, configuration: Self.zone)
        // The first tick reads the feed from its oldest entry: the history's nights and days settle.
        try await watcher.tick(nowMs: morning - 60_000)
        let settledHistory = try await Self.entries(store, after: 0)
        #expect(settledHistory.filter { $0.type == "night.settled" }.count == 19)
        #expect(settledHistory.filter { $0.type == "day.settled" }.count == 19)
        let mark = try await Self.head(store)

        _ = try await store.ingest([Samples.night("2026-03-20"), Samples.reading(.hrvSdnnMs, "2026-03-20", 52),
                                    Samples.reading(.restingHeartRateBpm, "2026-03-20", 56)], nowMs: morning)
        // The night ended at 06:45 and arrived at 07:00: provisional until 45 minutes after its end.
        #expect(try await watcher.tick(nowMs: morning + 25 * 60_000) == 0)
        #expect(try await watcher.tick(nowMs: morning + 31 * 60_000) == 2)
        let events = try await Self.entries(store, after: mark).filter { $0.type != "day.changed" }
        #expect(events.map(\.type) == ["night.settled", "readiness.ready"])
        #expect(events[0].subject["night"] == "2026-03-20" && events[0].subject["source"] == "Watch")
        #expect(events[0].values == ["asleepMinutes": 465])
        #expect(events[1].subject["day"] == "2026-03-20")
        #expect(events[1].subject["components"] == ["hrv", "resting_heart_rate", "asleep"])
        let score = try #require(events[1].values?["score"]?.doubleValue)
        let expected = try await store.read { reader in
            try reader.readiness(DayKey("2026-03-20")!, catalog: store.catalog,
                                 rule: SettlingRule(zone: "Europe/Berlin", nowMs: morning + 31 * 60_000))
        }
        #expect(expected.score.map(Double.init) == score)
        // Once per day.
        #expect(try await watcher.tick(nowMs: morning + 3 * 60 * 60_000) == 0)
        #expect(try await Self.entries(store, after: mark).filter { $0.type == "readiness.ready" }.count == 1)
    }

    @Test func aDailySourceGoesSilentAfter24HoursAndComesBack() async throws {
        let file = StoreFile()
        let first = DomainFixtures.local("2026-03-01", 9)
        let store = try file.open(nowMs: first)
        defer { store.close() }
        let watcher = ChangeWatcher(store: store, configuration: Self.zone)
        try await watcher.tick(nowMs: first - 1)
        // A phone that syncs each morning for four days, and a scale used twice.
        for (index, day) in ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"].enumerated() {
            let at = DomainFixtures.local(day, 9)
            var samples = [Samples.steps("p\(index)", day)]
            if index < 2 { samples.append(Samples.steps("s\(index)", day, hour: 8, source: "Scale")) }
            _ = try await store.ingest(samples, client: .native, nowMs: at)
            try await watcher.tick(nowMs: at + 60_000)
        }
        let mark = try await Self.head(store)
        let lastArrival = DomainFixtures.local("2026-03-04", 9)
        // (The days settle meanwhile; only the source events count here.)
        func sourceEvents() async throws -> [ChangeEntry] {
            try await Self.entries(store, after: mark).filter { $0.type.hasPrefix("source.") }
        }
        try await watcher.tick(nowMs: lastArrival + 24 * 3_600_000 - 1)
        #expect(try await sourceEvents().isEmpty)
        try await watcher.tick(nowMs: lastArrival + 24 * 3_600_000)
        try await watcher.tick(nowMs: lastArrival + 30 * 3_600_000)
        let silent = try await sourceEvents()
        #expect(silent.map(\.type) == ["source.silent"])
        // The name as the device wrote it; the arrival, not a value.
        #expect(silent[0].subject["source"] == "Ana’s iPhone" && silent[0].subject["lastArrivalMs"]?.doubleValue == Double(lastArrival))
        #expect(silent[0].values == nil)

        let back = DomainFixtures.local("2026-03-06", 10)
        _ = try await store.ingest([Samples.steps("p9", "2026-03-06")], client: .healthSave, nowMs: back)
        try await watcher.tick(nowMs: back + 60_000)
        let events = try await sourceEvents()
        #expect(events.map(\.type) == ["source.silent", "source.back"])
        #expect(events[1].subject["source"] == "Ana’s iPhone" && events[1].subject["silentSinceMs"]?.doubleValue == Double(lastArrival + 24 * 3_600_000))
    }

    @Test func theStoreNamesItsEventTypesAsReceiversKnowThem() {
        for name in [ChangeDraft.dayChangedType, ChangeDraft.workoutChangedType, ChangeDraft.intentStatusType, ChangeDraft.intentDeadType] {
            #expect(ChangeEventType(rawValue: name) != nil, "\(name) is a ChangeEventType")
        }
    }
}
