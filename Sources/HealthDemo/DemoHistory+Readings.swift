import HealthDomain

extension DemoHistory {
    /// Meals, resting heart rate, HRV, weight and body fat of `plan`'s day: instant samples
    /// inside its waking window (HRV also during the night's part of the day).
    func readingSamples(_ plan: DemoDayPlan, into out: inout [Sample]) {
        var r = DemoRandom(seed: seed, day: plan.day.ordinal, stream: 6)
        let minute: Int64 = 60_000
        // Readings stay on their own local date, so clip at the day's end.
        let last = min(plan.activityEndMs, plan.dayEndMs) - minute
        guard last > plan.wakeMs else { return }
        let years = Double(plan.day.ordinal) / 365.25
        let sick = plan.kind == .sick

        // Meals: three main ones and up to three snacks, logged when eaten.
        let appetite = sick ? 0.7 : (plan.kind == .trip || plan.kind == .vacation ? 1.1 : 1.0)
        var meals: [(at: Int64, kcal: Double)] = [
            (plan.wakeMs + Int64(r.int(20...60)) * minute, r.double(300, 550)),
            (plan.instant(localMinute: 12 * 60 + r.int(0...90)), r.double(550, 850)),
            (plan.instant(localMinute: 18 * 60 + 30 + r.int(0...90)), r.double(600, 900)),
        ]
        for _ in 0..<r.int(0...3) {
            meals.append((plan.instant(localMinute: r.int(10 * 60...21 * 60 + 30)), r.double(100, 300)))
        }
        var n = 0
        for meal in meals.sorted(by: { $0.at < $1.at }) where meal.at >= plan.wakeMs && meal.at <= last {
            out.append(sample(plan, "de", n, .dietaryEnergyKcal, meal.at, meal.at,
                              value: (meal.kcal * appetite).rounded(), source: .myFitnessPal))
            n += 1
        }

        // Resting heart rate, once a day late in the waking window.
        let rhrAt = plan.wakeMs + (last - plan.wakeMs) * 3 / 4
        var rhr = 56 + 2.5 * DemoHistory.wave(years / 1.7) - 20 * (plan.activityFactor - 1) + 1.2 * r.gaussian()
        if sick { rhr += 7 }
        if plan.kind == .trip { rhr += 2 }
        out.append(sample(plan, "rhr", 0, .restingHeartRateBpm, rhrAt, rhrAt, value: rhr.rounded(), source: watch))

        // HRV: four to eight readings from the start of the date (asleep) to the evening.
        let from = max(plan.sleepStartMs, plan.dayStartMs)
        var times = (0..<r.int(4...8)).map { _ in from + Int64(r.double(0, 1) * Double(last - from)) / minute * minute }
        times.sort()
        for (i, t) in times.enumerated() {
            var hrv = 48 + 6 * DemoHistory.wave(years / 1.3 + 0.4) + 9 * r.gaussian()
            if t < plan.wakeMs { hrv += 8 }  // higher while asleep
            if sick { hrv -= 15 }
            out.append(sample(plan, "hrv", i, .hrvSdnnMs, t, t, value: DemoHistory.round(min(max(hrv, 12), 150), 1),
                              source: watch))
        }

        // Weighing on most mornings at home (the scale does not travel), body fat now and then.
        guard plan.kind != .trip, r.chance(sick ? 0.4 : 0.85) else { return }
        let weighedAt = plan.wakeMs + Int64(r.int(5...25)) * minute
        guard weighedAt <= last else { return }
        let mass = 79 + 2 * DemoHistory.wave(years / 2.1 + Double(seed % 10) / 10)
            + 0.7 * DemoHistory.wave(years + 0.1) + 0.25 * r.gaussian() - (sick ? 1 : 0)
        out.append(sample(plan, "bm", 0, .bodyMassKg, weighedAt, weighedAt, value: DemoHistory.round(mass, 2),
                          source: .withings))
        if r.chance(0.45) {
            let fat = min(max(21 + 0.8 * (mass - 79) + 0.4 * r.gaussian(), 18), 24)
            out.append(sample(plan, "bf", 0, .bodyFatPercent, weighedAt, weighedAt, value: DemoHistory.round(fat, 1),
                              source: .withings))
        }
    }
}
