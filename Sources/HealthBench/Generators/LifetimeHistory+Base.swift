import HealthDemo
import HealthDomain

extension LifetimeHistory {
    /// Copies the DemoHistory day into `out` the heavy user's way: the Watch's one-minute
    /// active energy as four 15-second chunks, its steps and energy left out where a
    /// workout records its own, distance beside every step count, and each meal as its
    /// items. Returns whether the Watch recorded the night (stages), which decides the
    /// night's vital signs.
    func reshapeBase(_ day: [Sample], _ outline: DemoDayOutline, _ workouts: [Workout], into out: inout [Sample]) -> Bool {
        var watchNight = false
        var meals = SeededDraws(seed: seed, day: outline.day.ordinal, stream: 14)
        let quarter: Int64 = 15_000
        for original in day {
            let fromWatch = original.sourceName == watch.name
            switch original.metric {
            case .sleepSegment:
                if fromWatch { watchNight = true }
                out.append(original)
            case .activeEnergyKcal where fromWatch:
                guard !workouts.contains(where: { $0.overlaps(original.startTimeMs, original.endTimeMs) }) else { continue }
                let value = original.valueNumber ?? 0
                let chunks = max(1, Int((original.endTimeMs - original.startTimeMs) / quarter))
                for q in 0..<chunks {
                    var chunk = original
                    chunk.startTimeMs = original.startTimeMs + Int64(q) * quarter
                    chunk.endTimeMs = q == chunks - 1 ? original.endTimeMs : chunk.startTimeMs + quarter
                    chunk.valueNumber = Self.round(value / Double(chunks), 4)
                    out.append(chunk)
                }
            case .stepCount:
                if fromWatch, workouts.contains(where: { $0.overlaps(original.startTimeMs, original.endTimeMs) }) { continue }
                out.append(original)
                let kilometres = Self.round((original.valueNumber ?? 0) * (fromWatch ? 0.000_75 : 0.000_70), 3)
                if kilometres > 0 {
                    out.append(sample(outline, Self.walkingDistance, original.startTimeMs, original.endTimeMs, value: kilometres,
                                      source: fromWatch ? watch : phone))
                }
            case .dietaryEnergyKcal:
                mealItems(original, outline, &meals, into: &out)
            default:
                out.append(original)
            }
        }
        return watchNight
    }

    /// A meal as the food app writes it: two to five items at the meal's time, each with
    /// its energy, protein, carbohydrates and fat, and a glass of water. The items' energy
    /// adds up to the meal's (to rounding).
    func mealItems(_ meal: Sample, _ outline: DemoDayOutline, _ r: inout SeededDraws, into out: inout [Sample]) {
        let app = Source(name: meal.sourceName ?? "MyFitnessPal", bundleId: meal.sourceBundleId ?? "com.myfitnesspal.mfp")
        let kcal = meal.valueNumber ?? 0
        let weights = (0..<r.int(2...5)).map { _ in r.double(0.5, 1.5) }
        let sum = weights.reduce(0, +)
        let t = meal.startTimeMs
        for weight in weights {
            let item = kcal * weight / sum
            out.append(sample(outline, .dietaryEnergyKcal, t, t, value: item.rounded(), source: app))
            out.append(sample(outline, Self.protein, t, t, value: Self.round(item * r.double(0.15, 0.25) / 4, 1), source: app))
            out.append(sample(outline, Self.carbohydrates, t, t, value: Self.round(item * r.double(0.4, 0.55) / 4, 1), source: app))
            out.append(sample(outline, Self.fat, t, t, value: Self.round(item * r.double(0.25, 0.35) / 9, 1), source: app))
        }
        out.append(sample(outline, Self.water, t, t, value: Double(r.int(15...50) * 10), source: app))
    }
}
