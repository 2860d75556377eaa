import HealthDomain
import HealthFormats
import Testing
@testable import HealthBench

/// The scale benchmark's heavy user: the same for a seed, the intended mix on every day,
/// every sample valid, and nothing a Watch would not write twice.
@Suite struct LifetimeHistoryTests {
    /// Forty days around Berlin's spring DST change (2025-03-30), the trip to Tokyo in the middle.
    static let history = LifetimeHistory(seed: 1, days: 40, lastDay: DayKey("2025-04-10")!)
    static let dstDay = DayKey("2025-03-30")!

    var history: LifetimeHistory { Self.history }

    func index(of day: DayKey) -> Int { day.ordinal - history.firstDay.ordinal }

    @Test func sameSeedGivesIdenticalSamplesDifferentSeedDoesNot() {
        let again = LifetimeHistory(seed: 1, days: 40, lastDay: DayKey("2025-04-10")!)
        let other = LifetimeHistory(seed: 2, days: 40, lastDay: DayKey("2025-04-10")!)
        for index in [0, 17, 39] {
            let samples = history.samples(forDayIndex: index)
            #expect(samples == again.samples(forDayIndex: index))
            #expect(samples != other.samples(forDayIndex: index))
        }
    }

    /// Per metric and day, within what the generator intends; over the forty days about
    /// 14,000 a day (some 52 million over ten years), runs on most days and rides on about half.
    @Test func everyDayHasTheIntendedMix() throws {
        var total = 0, runDays = 0, rideDays = 0
        for index in 0..<history.dayCount {
            let samples = history.samples(forDayIndex: index)
            total += samples.count
            var counts: [String: Int] = [:]
            for sample in samples { counts[sample.metric.rawValue, default: 0] += 1 }
            let day = history.firstDay.adding(days: index)
            func count(_ metric: String, _ range: ClosedRange<Int>) {
                #expect(range ~= counts[metric, default: 0], "\(day): \(metric) \(counts[metric, default: 0]) outside \(range)")
            }
            count("heart_rate_bpm", 100...2_500)
            count("basal_energy_kcal", 1_000...3_100)
            count("active_energy_kcal", 400...6_000)
            count("step_count", 20...400)
            count("distance_walking_running_km", 40...1_200)
            count("sleep_segment", 1...40)
            count("hrv_sdnn_ms", 4...8)
            count("resting_heart_rate_bpm", 1...1)
            count("dietary_energy_kcal", 2...30)  // at least one meal of two items, even on a flight day
            count("dietary_water_ml", 1...6)
            count("apple_stand_hour", 2...17)
            count("environmental_audio_exposure_dba", 15...110)
            #expect(2_000...21_000 ~= samples.count, "\(day): \(samples.count) samples")
            // Each food item carries its macronutrients; each workout tick all of its figures.
            for macro in ["dietary_protein_g", "dietary_carbohydrates_g", "dietary_fat_total_g"] {
                #expect(counts[macro] == counts["dietary_energy_kcal"], "\(day): \(macro)")
            }
            let running = ["running_power_w", "running_speed_km_h", "running_stride_length_m", "running_vertical_oscillation_cm", "running_ground_contact_time_ms"]
            if let ticks = counts["running_power_w"] {
                runDays += 1
                #expect(480...840 ~= ticks, "\(day): a run of \(ticks) ticks")
                #expect(running.allSatisfy { counts[$0] == ticks }, "\(day)")
            }
            if let ticks = counts["cycling_power_w"] {
                rideDays += 1
                #expect(600...1_080 ~= ticks, "\(day): a ride of \(ticks) ticks")
                #expect(["cycling_speed_km_h", "cycling_cadence_rpm", "distance_cycling_km"].allSatisfy { counts[$0] == ticks }, "\(day)")
            }
        }
        #expect(12_000...17_000 ~= total / history.dayCount, "\(total / history.dayCount) a day")
        #expect(24...38 ~= runDays, "\(runDays) days with a run")
        #expect(14...28 ~= rideDays, "\(rideDays) days with a ride")
    }

    /// Every sample passes the native adapter's rules unchanged: on an ordinary day, the
    /// DST day, a day in Tokyo and the flight days either side.
    @Test func everySampleIsValid() throws {
        let trip = try #require(history.base.tripDayIndices)
        for index in [0, index(of: Self.dstDay), trip.lowerBound - 1, trip.lowerBound, trip.lowerBound + 3, trip.upperBound - 1] {
            let samples = history.samples(forDayIndex: index)
            #expect(!samples.isEmpty)
            var invalid = 0
            for sample in samples where NativeAdapter.validate(sample.json) != .valid(sample) {
                invalid += 1
                if invalid <= 3 { Issue.record("day \(index): \(sample.metric) \(NativeAdapter.validate(sample.json).issues)") }
            }
            #expect(invalid == 0, "day index \(index)")
            let zone = history.base.zone(forDayIndex: index)
            #expect(samples.allSatisfy { $0.timezone == zone })
        }
    }

    /// Keys are UUIDs, unique across days; a day's samples come in time order.
    @Test func keysAreUniqueAndSamplesInTimeOrder() {
        var keys = Set<String>()
        var total = 0
        for index in 0..<10 {
            let samples = history.samples(forDayIndex: index)
            total += samples.count
            for sample in samples { keys.insert(sample.sampleKey) }
            #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.startTimeMs <= $1.startTimeMs })
            #expect(samples.allSatisfy { $0.sampleKey.count == 36 && $0.sampleKey.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] })
        }
        #expect(keys.count == total)
    }

    /// The Watch never reports the same stretch of steps, energy or distance twice (that
    /// would add up within one source), across a day's workouts and into the next day.
    @Test func theWatchNeverCountsAStretchTwice() {
        let watch = history.watch.name
        let summed: [Metric] = [.stepCount, .activeEnergyKcal, "basal_energy_kcal", "distance_walking_running_km", "distance_cycling_km", "apple_exercise_time_min"]
        let days = (0..<8).flatMap { history.samples(forDayIndex: $0) }
        for metric in summed {
            let spans = days.filter { $0.metric == metric && $0.sourceName == watch }.map { ($0.startTimeMs, $0.endTimeMs) }.sorted { $0 < $1 }
            #expect(!spans.isEmpty, "\(metric)")
            let overlaps = zip(spans, spans.dropFirst()).filter { $0.1 > $1.0 }.count
            #expect(overlaps == 0, "\(metric): \(overlaps) overlapping spans")
        }
    }

    /// The DST day's afternoon ride starts at its local time, not an hour off.
    @Test func workoutsKeepLocalTimeOnTheDSTDay() throws {
        let index = index(of: Self.dstDay)  // a Sunday: a run and an afternoon ride
        let outline = history.base.outline(forDayIndex: index)
        let ride = try #require(history.workouts(outline).first { $0.kind == .ride })
        let minute = ZoneClock.shared.localMinuteOfDay(atMs: ride.start, zone: "Europe/Berlin")
        #expect((14 * 60)...(15 * 60) ~= minute)
        #expect(ZoneClock.shared.offsetSeconds(atMs: ride.start, zone: "Europe/Berlin") == 7_200)
    }

    /// The stream hands the days out in order across batch and day boundaries.
    @Test func theStreamIsTheDaysInOrder() {
        let short = LifetimeHistory(seed: 3, days: 2, lastDay: DayKey("2025-04-10")!)
        let first = short.samples(forDayIndex: 0)
        let days = first + short.samples(forDayIndex: 1)
        var stream = LifetimeSampleStream(history: short)
        #expect(stream.lastCompleteDay == nil)
        var streamed: [Sample] = []
        while !stream.isExhausted {
            streamed += stream.next(997)
            #expect(stream.lastCompleteDay == (streamed.count < first.count ? nil : streamed.count < days.count ? short.firstDay : DayKey("2025-04-10")))
        }
        #expect(streamed == days)
        #expect(stream.produced == days.count)
        #expect(stream.lastCompleteDay == DayKey("2025-04-10"))
        #expect(stream.next(10).isEmpty)
    }
}
