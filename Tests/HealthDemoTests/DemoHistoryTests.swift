import HealthDemo
import HealthFormats
import HealthTesting
import Testing
@testable import HealthDomain

@Suite struct DemoHistoryTests {
    let clock = DomainFixtures.clock
    /// Thirteen months ending mid-April 2026: both Berlin DST changes of 2025 and the trip.
    let year = DemoHistory(days: 400, endDay: DayKey("2026-04-15")!)

    @Test func sameSeedGivesIdenticalSamplesDifferentSeedDoesNot() {
        let a = DemoHistory(days: 40, endDay: DayKey("2026-04-15")!, seed: 7)
        let b = DemoHistory(days: 40, endDay: DayKey("2026-04-15")!, seed: 7)
        let c = DemoHistory(days: 40, endDay: DayKey("2026-04-15")!, seed: 8)
        for index in [0, 17, 39] {
            #expect(a.samples(forDayIndex: index) == b.samples(forDayIndex: index))
            #expect(a.samples(forDayIndex: index) != c.samples(forDayIndex: index))
        }
    }

    @Test func everySampleIsValidAndSurvivesValidationUnchanged() {
        for index in stride(from: 0, to: year.dayCount, by: 7) {
            for sample in year.samples(forDayIndex: index) {
                let result = NativeAdapter.validate(sample.json)
                #expect(result == .valid(sample), "\(sample.sampleKey): \(result.issues)")
            }
        }
    }

    @Test func keysAreUniqueOverSixtyDays() {
        let history = DemoHistory(days: 60, endDay: DayKey("2026-04-15")!)
        var keys = Set<String>()
        var total = 0
        for index in 0..<history.dayCount {
            for sample in history.samples(forDayIndex: index) {
                keys.insert(sample.sampleKey)
                total += 1
            }
        }
        #expect(keys.count == total)
    }

    @Test func tripDaysCarryTokyoAndOtherDaysTheHomeZone() throws {
        let trip = try #require(year.tripDayIndices)
        #expect(trip.count == DemoHistory.tripLength)
        for index in (trip.lowerBound - 1)...trip.upperBound {
            let samples = year.samples(forDayIndex: index)
            let expected = trip.contains(index) ? "Asia/Tokyo" : "Europe/Berlin"
            #expect(samples.allSatisfy { $0.timezone == expected }, "day index \(index)")
            // Each day's steps fall on its own local date (or just after midnight before bed).
            let day = year.day(forDayIndex: index)
            for sample in samples where sample.metric == .stepCount {
                let local = clock.dayKey(atMs: sample.startTimeMs, zone: sample.timezone)
                #expect(local == day || local == day.adding(days: 1))
            }
        }
        #expect(DemoHistory(days: 20, endDay: DayKey("2026-04-15")!).tripDayIndices == nil)
    }

    @Test func flightDaysDoNotOverlapInTime() throws {
        let trip = try #require(year.tripDayIndices)
        for index in [trip.lowerBound - 1, trip.lowerBound, trip.upperBound - 1, trip.upperBound] {
            let today = year.samples(forDayIndex: index).filter { $0.metric != .sleepSegment }
            let nextNight = year.samples(forDayIndex: index + 1).filter { $0.metric == .sleepSegment }
            let lastActivity = try #require(today.map(\.endTimeMs).max())
            let nextBed = try #require(nextNight.map(\.startTimeMs).min())
            #expect(lastActivity <= nextBed, "day index \(index)")
        }
    }

    @Test func samplesPerDayAreInTheIntendedRange() {
        var total = 0
        for index in 0..<year.dayCount {
            let count = year.samples(forDayIndex: index).count
            // Flight days end at boarding, so they are shorter.
            let flight = year.tripDayIndices.map { index + 1 == $0.lowerBound || index + 1 == $0.upperBound } ?? false
            #expect((flight ? 150 : 800)...1_600 ~= count, "day index \(index): \(count)")
            total += count
        }
        let average = total / year.dayCount
        #expect((1_100...1_300).contains(average), "average \(average)")
    }

    @Test func watchFollowsLocalWallClockAcrossDST() throws {
        // Berlin: 2025-03-30 spring forward, 2025-10-26 fall back.
        for date in ["2025-03-30", "2025-10-26", "2025-03-31", "2025-10-27"] {
            let day = DayKey(date)!
            let index = day.ordinal - year.firstDay.ordinal
            let watch = year.samples(forDayIndex: index)
                .filter { $0.sourceName == "Apple Watch" && $0.metric == .activeEnergyKcal }
            let first = try #require(watch.map(\.startTimeMs).min())
            let last = try #require(watch.map(\.endTimeMs).max())
            let firstMinute = clock.localMinuteOfDay(atMs: first, zone: "Europe/Berlin")
            let lastMinute = clock.localMinuteOfDay(atMs: last, zone: "Europe/Berlin")
            #expect((6 * 60...9 * 60 + 30).contains(firstMinute), "\(date) first \(firstMinute)")
            #expect(lastMinute >= 22 * 60 || lastMinute <= 30, "\(date) last \(lastMinute)")
            #expect(clock.dayKey(atMs: first, zone: "Europe/Berlin") == day)
        }
    }

    @Test func anAggregatedDayIsPlausible() throws {
        let index = 120  // an ordinary home day
        let day = year.day(forDayIndex: index)
        // Cumulative days also receive the minutes after midnight from the previous day.
        let samples = year.samples(forDayIndex: index - 1) + year.samples(forDayIndex: index)
        func cumulative(_ metric: Metric) throws -> CumulativeDay {
            guard case .cumulative(let value)? = DayAggregator.aggregate(
                metric: metric, day: day, samples: samples, priority: .default, clock: clock)
            else { throw Unexpected() }
            return value
        }
        let steps = try cumulative(.stepCount)
        let rawSum = steps.sources.reduce(0) { $0 + $1.total }
        #expect(steps.sources.count == 2)
        #expect(steps.total < rawSum)
        #expect(steps.total > (steps.sources.map(\.total).max() ?? 0) * 0.99)
        #expect((2_000...40_000).contains(steps.total))
        let energy = try cumulative(.activeEnergyKcal)
        #expect((150...2_500).contains(energy.total))
        let eaten = try cumulative(.dietaryEnergyKcal)
        #expect((1_000...4_500).contains(eaten.total))

        for night in [index - 1, index, index + 1] {
            let nightDay = year.day(forDayIndex: night)
            guard case .sleep(let sleep)? = DayAggregator.aggregate(
                metric: .sleepSegment, day: nightDay, samples: year.samples(forDayIndex: night),
                priority: .default, clock: clock)
            else { throw Unexpected() }
            #expect((300...600).contains(sleep.asleepMinutes), "\(nightDay): \(sleep.asleepMinutes)")
            #expect(sleep.asleepMinutes == sleep.deepMinutes + sleep.remMinutes + sleep.coreMinutes + sleep.unspecifiedMinutes)
        }
    }

    @Test func nightsHaveStagesOrACoarseSpanFromTheRightSources() {
        var watchNights = 0, phoneNights = 0, ringNights = 0
        for index in 0..<year.dayCount {
            let sleep = year.samples(forDayIndex: index).filter { $0.metric == .sleepSegment }
            let sources = Set(sleep.compactMap(\.sourceName))
            if sources.contains("Apple Watch") {
                watchNights += 1
                #expect(sleep.contains { $0.sleepCategory == .asleep && $0.sourceName == "Apple Watch" })
                #expect(sleep.contains { $0.sleepCategory == .inBed })
                #expect(sleep.contains { $0.sleepCategory?.isStage == true })
            } else {
                #expect(sources.contains("iPhone"))
                phoneNights += 1
            }
            if sources.contains("RingConn") { ringNights += 1 }
        }
        #expect(watchNights + phoneNights == year.dayCount)
        #expect((15...70).contains(phoneNights))
        #expect((5...60).contains(ringNights))
    }

    /// A day's outline frames its samples: the night ends at waking, activity stays inside
    /// the waking window, and each waking window ends before the next night begins.
    @Test func outlinesFrameEachDaysSamples() throws {
        let trip = try #require(year.tripDayIndices)
        for index in [0, 100, 150, trip.lowerBound - 1, trip.lowerBound, trip.upperBound - 1, trip.upperBound, year.dayCount - 2] {
            let outline = year.outline(forDayIndex: index)
            #expect(outline.day == year.day(forDayIndex: index))
            #expect(outline.zone == year.zone(forDayIndex: index))
            #expect(outline.night.upperBound == outline.waking.lowerBound)
            #expect(outline.isTravelDay == (index + 1 == trip.lowerBound || index == trip.lowerBound || index + 1 == trip.upperBound))
            let samples = year.samples(forDayIndex: index)
            for sample in samples where sample.metric == .stepCount || sample.metric == .activeEnergyKcal {
                #expect(outline.waking.contains(sample.startTimeMs) && sample.endTimeMs <= outline.waking.upperBound, "day index \(index)")
            }
            #expect(samples.filter { $0.metric == .sleepSegment }.allSatisfy { $0.startTimeMs >= outline.night.lowerBound })
            #expect(outline.waking.upperBound <= year.outline(forDayIndex: index + 1).night.lowerBound)
        }
        #expect(year.watchSource.name == "Apple Watch" && year.phoneSource.name == "iPhone")
    }

    struct Unexpected: Error {}
}
