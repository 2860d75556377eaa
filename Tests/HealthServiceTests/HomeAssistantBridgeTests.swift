import Foundation
import HealthDomain
import HealthStore
@testable import HealthService
import HealthTesting
import Locking
import MQTT
import Notifications
import Testing

/// The Home Assistant bridge against a real store (a temporary SQLite file): the figures it
/// reads, publishing only what changed, everything again after a reconnect, and the loop
/// that follows the store's change bell.
@Suite struct HomeAssistantBridgeTests {
    /// 2026-03-10 12:00 in Berlin (CET, +01:00): "today" for every bridge here.
    static let now = DomainFixtures.local("2026-03-10", 12)
    static let watch = "Anna’s Apple Watch"

    static func openStore() throws -> (SampleStore, String) {
        let directory = NSTemporaryDirectory() + "healthservice-\(UUID().uuidString)"
        let opened = try StoreOpener.open(path: directory + "/health.sqlite", priority: .default, nowMs: now)
        return (opened.store, directory)
    }

    static func bridge(_ store: SampleStore, _ client: RecordingPublisher, timezone: String? = "Europe/Berlin",
                       nodeID: String = "anna") throws -> HomeAssistantBridge {
        let publisher = try HomeAssistantPublisher(configuration: HomeAssistantConfiguration(nodeID: nodeID, softwareVersion: "test"))
        var settings = HomeAssistantBridge.Settings(timezone: timezone)
        settings.minimumInterval = .milliseconds(10)
        settings.sourceScanShare = nil
        return HomeAssistantBridge(store: store, publisher: publisher, client: client, settings: settings, now: { now })
    }

    /// A day of figures: steps and energy today, last night's sleep, resting heart rate on
    /// two days, HRV recorded in Tokyo, a weight from five days ago.
    static let history: [Sample] = [
        DomainFixtures.sample("w1", .stepCount, DomainFixtures.local("2026-03-10", 9), DomainFixtures.local("2026-03-10", 9, 30), value: 500, source: watch),
        DomainFixtures.sample("w2", .stepCount, DomainFixtures.local("2026-03-10", 11), DomainFixtures.local("2026-03-10", 11, 30), value: 300, source: watch),
        DomainFixtures.sample("e1", .activeEnergyKcal, DomainFixtures.local("2026-03-10", 9), DomainFixtures.local("2026-03-10", 10), value: 120.4, source: watch),
        DomainFixtures.sample("s1", .sleepSegment, DomainFixtures.local("2026-03-09", 23), DomainFixtures.local("2026-03-10", 6, 30),
                              category: .asleepCore, source: watch),
        DomainFixtures.sample("r1", .restingHeartRateBpm, DomainFixtures.local("2026-03-09", 8), DomainFixtures.local("2026-03-09", 8, 1), value: 52, source: watch),
        DomainFixtures.sample("r2", .restingHeartRateBpm, DomainFixtures.local("2026-03-10", 7), DomainFixtures.local("2026-03-10", 7, 1), value: 55, source: watch),
        DomainFixtures.sample("h1", .hrvSdnnMs, DomainFixtures.local("2026-03-08", 7, zone: "Asia/Tokyo"),
                              DomainFixtures.local("2026-03-08", 7, 1, zone: "Asia/Tokyo"), value: 48.04, source: "iPhone", zone: "Asia/Tokyo"),
        DomainFixtures.sample("b1", .bodyMassKg, DomainFixtures.local("2026-03-05", 8), DomainFixtures.local("2026-03-05", 8, 1), value: 72.46, source: "Withings"),
    ]

    static func stateTopic(_ objectID: String) -> String { "healthd/anna/\(objectID)/state" }
    static func sourceID(_ name: String) -> String { HomeAssistantSensor.lastSample(source: name).objectID }

    @Test func refreshPublishesTheStoresFiguresThenOnlyWhatChanged() async throws {
        let (store, directory) = try Self.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        _ = try await store.ingest(Self.history, nowMs: Self.now)
        let client = RecordingPublisher()
        let bridge = try Self.bridge(store, client)

        let first = try await bridge.refresh()
        #expect(first.count == client.sent.count)
        #expect(client.sent.allSatisfy { $0.retain && $0.qos == .atLeastOnce })
        let states = Dictionary(client.sent.filter { $0.topic.hasSuffix("/state") }.map { ($0.topic, $0.text) }) { $1 }
        #expect(states == [
            Self.stateTopic("steps_today"): "800",
            Self.stateTopic("active_energy_today"): "120",
            Self.stateTopic("sleep_last_night"): "450",
            Self.stateTopic("resting_heart_rate"): "55",
            Self.stateTopic("heart_rate_variability"): "48",
            Self.stateTopic("weight"): "72.5",
            Self.stateTopic("readiness"): "None",
            // Each source's newest sample end, with the offset of the zone it was recorded in.
            Self.stateTopic(Self.sourceID(Self.watch)): "2026-03-10T11:30:00+01:00",
            Self.stateTopic(Self.sourceID("iPhone")): "2026-03-08T07:01:00+09:00",
            Self.stateTopic(Self.sourceID("Withings")): "2026-03-05T08:01:00+01:00",
        ])
        // Every config before any state; the sources' sensors are timestamps.
        let configs = client.sent.prefix { $0.topic.hasSuffix("/config") }
        #expect(configs.count == 10 && client.sent.count == 20)
        let watchConfig = try #require(configs.first { $0.topic == "homeassistant/sensor/anna/\(Self.sourceID(Self.watch))/config" })
        #expect(watchConfig.text.contains(#""device_class":"timestamp""#))
        #expect(watchConfig.text.contains(#""availability_topic":"healthd/anna/availability""#))
        #expect(watchConfig.text.contains(#""name":"Anna’s Apple Watch last sample""#))

        // A new sample: today's steps and the watch's last sample move, nothing else is sent.
        let before = client.sent.count
        let later = DomainFixtures.sample("w3", .stepCount, DomainFixtures.local("2026-03-10", 11, 40), DomainFixtures.local("2026-03-10", 11, 50),
                                          value: 200, source: Self.watch)
        _ = try await store.ingest([later], nowMs: Self.now)
        try await bridge.refresh()
        let changed = client.sent.dropFirst(before)
        #expect(changed.map(\.topic) == [Self.stateTopic("steps_today"), Self.stateTopic(Self.sourceID(Self.watch))])
        #expect(changed.map(\.text) == ["1000", "2026-03-10T11:50:00+01:00"])

        // Nothing moved: nothing is sent.
        #expect(try await bridge.refresh().isEmpty)

        // After a reconnect, every config and state again.
        bridge.republish()
        let again = try await bridge.refresh()
        #expect(again.count == 20)
        #expect(again.filter { $0.topic.hasSuffix("/config") }.count == 10)
    }

    @Test func anEmptyStoreShowsEveryFigureAsUnknown() async throws {
        let (store, directory) = try Self.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let client = RecordingPublisher()
        // No zone configured and no sample: today is counted in UTC, and every figure is unknown.
        try await Self.bridge(store, client, timezone: nil).refresh()
        let states = client.sent.filter { $0.topic.hasSuffix("/state") }
        #expect(states.count == HomeAssistantSensor.standard.count)
        #expect(states.allSatisfy { $0.text == HomeAssistantPublisher.unknownPayload })
    }

    @Test func readinessIsTheStoresScoreForToday() async throws {
        let (store, directory) = try Self.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        // Thirty nights and mornings that vary, so readiness has a baseline with a spread.
        var samples: [Sample] = []
        for offset in 0...30 {
            let day = DayKey("2026-03-10")!.adding(days: -offset).description
            let previous = DayKey("2026-03-10")!.adding(days: -offset - 1).description
            samples.append(DomainFixtures.sample("hrv\(offset)", .hrvSdnnMs, DomainFixtures.local(day, 7), DomainFixtures.local(day, 7, 1),
                                                 value: 40 + Double(offset % 7) * 2, source: Self.watch))
            samples.append(DomainFixtures.sample("rhr\(offset)", .restingHeartRateBpm, DomainFixtures.local(day, 7), DomainFixtures.local(day, 7, 1),
                                                 value: 55 + Double(offset % 5), source: Self.watch))
            samples.append(DomainFixtures.sample("sleep\(offset)", .sleepSegment, DomainFixtures.local(previous, 23),
                                                 DomainFixtures.local(day, 6, Int64(offset % 6) * 10), category: .asleepCore, source: Self.watch))
        }
        _ = try await store.ingest(samples, nowMs: Self.now)
        let catalog = store.catalog
        let expected = try await store.read { reader in
            try reader.readiness(DayKey("2026-03-10")!, catalog: catalog, rule: SettlingRule(zone: "Europe/Berlin", nowMs: Self.now))
        }
        let score = try #require(expected.score, "the history gives readiness a score")
        let client = RecordingPublisher()
        try await Self.bridge(store, client).refresh()
        #expect(client.latest(Self.stateTopic("readiness")) == String(score))
    }

    @Test func theLoopFollowsTheChangeBellUntilStopped() async throws {
        let (store, directory) = try Self.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let client = RecordingPublisher()
        let bridge = try Self.bridge(store, client)
        bridge.start()
        let steps = Self.stateTopic("steps_today")
        #expect(await Self.eventually { client.latest(steps) == "None" }, "the first refresh on start")

        _ = try await store.ingest(Self.history, nowMs: Self.now)
        #expect(await Self.eventually { client.latest(steps) == "800" }, "an ingest rings the bell and the state follows")
        #expect(await Self.eventually { client.latest(Self.stateTopic(Self.sourceID("Withings"))) == "2026-03-05T08:01:00+01:00" })

        await bridge.stop()
        // Stopped: the bell has no listener left, so an ingest publishes nothing.
        let count = client.sent.count
        _ = try await store.ingest([DomainFixtures.sample("w9", .stepCount, DomainFixtures.local("2026-03-10", 11, 55),
                                                          DomainFixtures.local("2026-03-10", 11, 58), value: 5, source: Self.watch)], nowMs: Self.now)
        #expect(client.sent.count == count)
        #expect(client.latest(steps) == "800")
    }

    /// Waits up to a minute (a loaded machine) for `condition`, checking every 20 ms.
    static func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
        for _ in 0..<3_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}

@Suite struct BridgePartsTests {
    @Test func ringsWhileBusyAreOneWakeUp() async {
        let signal = RefreshSignal()
        signal.ring()
        signal.ring()
        signal.ring()
        #expect(await signal.next())
        signal.ring()
        #expect(await signal.next())
        signal.close()
        #expect(await signal.next() == false)
        signal.ring()
        #expect(await signal.next() == false)
    }

    @Test func sourceScansTakeAtMostTheirShareOfTheTime() {
        let start = ContinuousClock.now
        var schedule = SourceScanSchedule(share: 0.05)
        #expect(schedule.isDue(at: start), "the first scan is always due")
        schedule.record(end: start, took: .milliseconds(100))
        // 100 ms of scanning at 5 %: the next scan may start 1.9 s after this one ended.
        #expect(!schedule.isDue(at: start + .milliseconds(1_899)))
        #expect(schedule.isDue(at: start + .milliseconds(1_901)))
        // At half the time, a wait as long as the scan.
        var half = SourceScanSchedule(share: 0.5)
        half.record(end: start, took: .milliseconds(300))
        #expect(half.nextAllowed == start + .milliseconds(300))

        var always = SourceScanSchedule(share: nil)
        always.record(end: start, took: .seconds(5))
        #expect(always.isDue(at: start) && always.nextAllowed == nil)
    }
}
