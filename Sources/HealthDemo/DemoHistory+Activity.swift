import HealthDomain

extension DemoHistory {
    /// Movement intensity of one waking minute.
    enum Level: UInt8 {
        case sedentary = 0, light, walking, workout
    }

    /// Steps and active energy of the waking hours of `plan`, from the Watch and the iPhone.
    ///
    /// A per-minute intensity timeline is drawn first (sitting, moving about, walks,
    /// workouts) and both devices then report from it in their own way, so the Watch and
    /// iPhone totals disagree the way real ones do.
    func activitySamples(_ plan: DemoDayPlan, into out: inout [Sample]) {
        var r = DemoRandom(seed: seed, day: plan.day.ordinal, stream: 2)
        let start = plan.wakeMs + Int64(r.int(5...15)) * 60_000
        let count = Int((plan.activityEndMs - start) / 60_000)
        guard count > 0 else { return }
        let levels = timeline(plan, startMinute: plan.localMinute(start), count: count, r: &r)

        // The Watch charges for a while every morning; the phone keeps counting meanwhile.
        let chargeFrom = min(r.int(30...90), count)
        let charging = chargeFrom..<min(chargeFrom + r.int(25...45), count)
        let factor = plan.activityFactor

        // Watch active energy: one sample per worn minute, a few dropped minutes.
        var n = 0
        for k in 0..<count where !charging.contains(k) && !r.chance(0.015) {
            let t = start + Int64(k) * 60_000
            out.append(sample(plan, "ae-w", n, .activeEnergyKcal, t, t + 60_000,
                              value: DemoHistory.round(kcalPerMinute(levels[k], factor: factor, r: &r), 3), source: watch))
            n += 1
        }

        // Watch steps: short chunks while walking, longer ones while sitting.
        n = 0
        var k = 0
        while k < count {
            if charging.contains(k) { k = charging.upperBound; continue }
            let length = levels[k].rawValue >= Level.walking.rawValue ? r.int(1...5) : r.int(3...12)
            var end = min(k + length, count)
            if k < charging.lowerBound { end = min(end, charging.lowerBound) }
            var steps = 0.0
            for m in k..<end { steps += stepsPerMinute(levels[m], factor: factor, r: &r) }
            if steps >= 1 {
                out.append(sample(plan, "st-w", n, .stepCount, start + Int64(k) * 60_000, start + Int64(end) * 60_000,
                                  value: steps.rounded(), source: watch))
                n += 1
            }
            k = end
        }

        // iPhone steps: only while carried, which is most of the time when moving about, rarely
        // at the desk, and never during workouts (it stays at home); it also counts less.
        n = 0
        k = 0
        while k < count {
            let end = min(k + r.int(2...10), count)
            let carried: Double
            switch levels[k] {
            case .sedentary: carried = 0.15
            case .light: carried = 0.8
            case .walking: carried = 0.9
            case .workout: carried = 0
            }
            if r.chance(carried) {
                var steps = 0.0
                for m in k..<end where levels[m] != .workout {
                    steps += 0.85 * stepsPerMinute(levels[m], factor: factor, r: &r)
                }
                if steps >= 1 {
                    out.append(sample(plan, "st-p", n, .stepCount, start + Int64(k) * 60_000, start + Int64(end) * 60_000,
                                      value: steps.rounded(), source: phone))
                    n += 1
                }
            }
            k = end
        }

        // iPhone active energy: one estimate per longer walk.
        n = 0
        k = 0
        while k < count {
            guard levels[k] == .walking else { k += 1; continue }
            var end = k
            while end < count, levels[end] == .walking { end += 1 }
            if end - k >= 8 {
                let kcal = Double(end - k) * 0.7 * 3.75 * factor * r.double(0.9, 1.1)
                out.append(sample(plan, "ae-p", n, .activeEnergyKcal, start + Int64(k) * 60_000, start + Int64(end) * 60_000,
                                  value: DemoHistory.round(kcal, 3), source: phone))
                n += 1
            }
            k = end
        }
    }

    /// The intensity of each waking minute, `count` minutes from local minute `startMinute`.
    private func timeline(_ plan: DemoDayPlan, startMinute: Int, count: Int, r: inout DemoRandom) -> [Level] {
        var levels = [Level](repeating: .sedentary, count: count)
        func fill(_ from: Int, _ to: Int, _ level: Level) {
            let lower = max(from, 0), upper = min(to, count)
            if lower < upper { for m in lower..<upper { levels[m] = level } }
        }
        // Sitting interleaved with moving about the home or office.
        let lightShare = plan.kind == .sick ? 0.08 : 0.22
        var k = 0
        while k < count {
            let length = r.int(3...20)
            if r.chance(lightShare) { fill(k, k + length, .light) }
            k += length
        }
        // Walks and workouts at local times of day.
        func activity(at minute: Int, jitter: Int, length: ClosedRange<Int>, _ level: Level = .walking) {
            let from = minute + r.int(-jitter...jitter) - startMinute
            fill(from, from + r.int(length), level)
        }
        let fitness = plan.activityFactor
        switch plan.kind {
        case .workday:
            activity(at: 8 * 60, jitter: 15, length: 15...25)  // commute
            if r.chance(0.7) { activity(at: 12 * 60 + 20, jitter: 15, length: 10...20) }  // lunch
            activity(at: 17 * 60 + 30, jitter: 20, length: 15...25)  // commute home
            if plan.day.weekday == 2 || plan.day.weekday == 4, r.chance(0.7 * fitness) {
                activity(at: 18 * 60 + 45, jitter: 15, length: 35...55, .workout)  // evening run
            }
        case .weekend:
            activity(at: 11 * 60, jitter: 60, length: 15...30)  // errands
            activity(at: 14 * 60 + 30, jitter: 60, length: 45...120)
            if plan.day.weekday == 6, r.chance(0.6 * fitness) {
                activity(at: 9 * 60 + 30, jitter: 30, length: 50...70, .workout)
            }
        case .vacation:
            activity(at: 10 * 60, jitter: 45, length: 60...150)
            activity(at: 15 * 60, jitter: 60, length: 45...120)
            if r.chance(0.3) { activity(at: 8 * 60, jitter: 20, length: 30...50, .workout) }
        case .trip:
            activity(at: 9 * 60 + 45, jitter: 30, length: 60...120)  // sightseeing
            activity(at: 14 * 60 + 30, jitter: 45, length: 45...90)
            activity(at: 19 * 60, jitter: 30, length: 15...30)
        case .sick:
            if r.chance(0.5) { activity(at: 11 * 60, jitter: 60, length: 5...10, .light) }
        }
        if plan.isArrival {
            // Still on the plane until landing around 09:00: nothing but sitting.
            fill(0, 9 * 60 + 15 - startMinute, .sedentary)
        }
        if plan.isFlightOut {
            // Through the airport to the gate.
            fill(count - 40, count - 15, .walking)
            fill(count - 15, count, .sedentary)
        }
        return levels
    }

    private func stepsPerMinute(_ level: Level, factor: Double, r: inout DemoRandom) -> Double {
        switch level {
        case .sedentary: r.chance(0.5) ? 0 : r.double(0, 5)
        case .light: r.double(8, 24) * factor
        case .walking: r.double(95, 125) * factor
        case .workout: r.double(150, 175)
        }
    }

    private func kcalPerMinute(_ level: Level, factor: Double, r: inout DemoRandom) -> Double {
        switch level {
        case .sedentary: r.double(0.1, 0.4)
        case .light: r.double(0.8, 2.0)
        case .walking: r.double(3.0, 4.5) * factor
        case .workout: r.double(8.0, 11.0)
        }
    }
}
