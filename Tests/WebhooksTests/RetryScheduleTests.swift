import Testing
import Webhooks

/// Exponential backoff with full jitter: bounds, reproducibility from a seed, the horizon.
@Suite struct RetryScheduleTests {
    @Test func ceilingsDoubleUpToTheCap() {
        let schedule = RetrySchedule(base: 5, cap: 3_600, horizon: 86_400)
        #expect((0..<12).map { schedule.ceiling(forRetry: $0) }
                == [5, 10, 20, 40, 80, 160, 320, 640, 1_280, 2_560, 3_600, 3_600])
        #expect(schedule.ceiling(forRetry: 10_000) == 3_600)
    }

    @Test func delaysStayWithinTheirCeilingAndTheHorizon() {
        let schedule = RetrySchedule()
        for seed in UInt64(0)..<50 {
            var random = SplitMix64(seed: seed)
            let delays = schedule.delays(using: &random)
            #expect(delays.reduce(0, +) <= 86_400)
            for (retry, delay) in delays.enumerated() {
                #expect(delay >= 1 && delay <= schedule.ceiling(forRetry: retry))
            }
            // With a one-hour cap a day holds at least 24 retries; full jitter averages half
            // the ceiling, so typically about twice that.
            #expect(delays.count >= 24)
            // The next draw would have crossed the horizon: the schedule uses the day.
            #expect(delays.reduce(0, +) > 86_400 - 3_600)
        }
    }

    @Test func aSeedReproducesItsSchedule() {
        let schedule = RetrySchedule()
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        var c = SplitMix64(seed: 43)
        let first = schedule.delays(using: &a)
        #expect(first == schedule.delays(using: &b))
        #expect(first != schedule.delays(using: &c))
    }

    /// Jitter spreads retries: across seeds the first retry lands all over its window
    /// instead of at one instant.
    @Test func jitterSpreadsTheFirstRetry() {
        let schedule = RetrySchedule(base: 60, cap: 3_600, horizon: 86_400, minimum: 1)
        var buckets = Set<Int>()
        for seed in UInt64(0)..<200 {
            var random = SplitMix64(seed: seed)
            buckets.insert(Int(schedule.delay(forRetry: 0, using: &random) / 6))
        }
        // Ten 6-second buckets in [1, 60]: all of them hit.
        #expect(buckets == Set(0...9))
    }

    @Test func splitMix64KnownOutput() {
        // The reference sequence for seed 0 (Vigna's splitmix64.c).
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
