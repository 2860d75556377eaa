import HealthDomain

extension DemoHistory {
    /// The night that ends on the morning of `plan`'s day.
    ///
    /// Most nights come from the Watch as HealthKit writes them: an `inBed` span, a coarse
    /// `asleep` span and, for the same time, stage segments with short `awake` breaks — the
    /// combination that double counts when summed naively. About one night in ten the Watch
    /// was charging and only the iPhone's coarse estimate exists; now and then a RingConn
    /// ring reports the same night too.
    func sleepSamples(_ plan: DemoDayPlan, into out: inout [Sample]) {
        var r = DemoRandom(seed: seed, day: plan.day.ordinal, stream: 3)
        let minute: Int64 = 60_000
        let bed = plan.sleepStartMs
        let wake = plan.wakeMs
        let onset = bed + Int64(r.int(5...20)) * minute

        if r.chance(0.1) {
            out.append(sample(plan, "sl-p", 0, .sleepSegment, onset, wake, category: .asleep, source: phone))
        } else {
            out.append(sample(plan, "sl-w", 0, .sleepSegment, bed, wake + Int64(r.int(2...12)) * minute,
                              category: .inBed, source: watch))
            out.append(sample(plan, "sl-w", 1, .sleepSegment, onset, wake, category: .asleep, source: watch))
            var n = 2
            var t = onset
            func segment(_ category: SleepCategory, _ minutes: Int) {
                let end = min(t + Int64(minutes) * minute, wake)
                guard end > t else { return }
                out.append(sample(plan, "sl-w", n, .sleepSegment, t, end, category: category, source: watch))
                n += 1
                t = end
            }
            // Roughly 90-minute cycles: deep sleep early in the night, REM late.
            var cycle = 0
            let restless = plan.kind == .sick ? 0.6 : 0.3
            while t < wake {
                let early = cycle < 2
                segment(.asleepCore, r.int(10...25))
                segment(.asleepDeep, early ? r.int(20...40) : r.int(0...10))
                segment(.asleepCore, r.int(15...35))
                segment(.asleepREM, early ? r.int(5...15) : r.int(20...40))
                if r.chance(restless) { segment(.awake, r.int(1...6)) }
                cycle += 1
            }
        }

        if r.chance(0.08) {
            let from = onset + Int64(r.int(-10...10)) * minute
            let to = wake + Int64(r.int(-10...10)) * minute
            out.append(sample(plan, "sl-r", 0, .sleepSegment, from, to, category: .asleep, source: .ringConn))
        }
    }
}
