extension Readiness {
    /// Readiness for `day` from the three series: HRV and resting heart rate day averages
    /// keyed by day, asleep minutes keyed by the wake-up date. Each baseline is the 28
    /// days before `day`, with the floors `catalog` sets.
    public static func compute(day: DayKey, hrv: DaySeries, restingHeartRate: DaySeries, asleep: DaySeries,
                               catalog: MetricCatalog = .standard) -> Readiness {
        let inputs: [(ReadinessComponent.Name, DaySeries)] = [(.hrv, hrv), (.restingHeartRate, restingHeartRate), (.asleep, asleep)]
        var present: [(name: ReadinessComponent.Name, value: DayValue, baseline: Baseline, z: Double)] = []
        var missing: [ReadinessMissingInput] = []
        for (name, series) in inputs {
            let baseline = Baseline.compute(series, on: day, catalog: catalog)
            guard let value = series[day] else {
                missing.append(ReadinessMissingInput(name: name, metric: series.metric, reason: .noValue, baselineDays: baseline.daysWithData))
                continue
            }
            guard baseline.isAvailable else {
                missing.append(ReadinessMissingInput(name: name, metric: series.metric, reason: .insufficientBaseline,
                                                     baselineDays: baseline.daysWithData))
                continue
            }
            guard let z = baseline.z(of: value.value) else {
                missing.append(ReadinessMissingInput(name: name, metric: series.metric, reason: .noSpread, baselineDays: baseline.daysWithData))
                continue
            }
            present.append((name, value, baseline, z))
        }
        let lastNight = asleep[day]?.status
        guard present.count >= minimumComponents else {
            return Readiness(day: day, status: .unknown, score: nil, band: nil, rawScore: nil, weightedZ: nil, components: [],
                             missing: missing, dayStatus: DayStatus.combined(present.map(\.value.status)), lastNight: lastNight)
        }
        let totalWeight = present.reduce(0) { $0 + $1.name.nominalWeight }
        var components: [ReadinessComponent] = []
        var weightedZ = 0.0
        for item in present {
            let oriented = item.name.negated ? -item.z : item.z
            let clampedZ = Swift.min(Swift.max(oriented, -zLimit), zLimit)
            let used = item.name.cap.map { Swift.min(clampedZ, $0) } ?? clampedZ
            let weight = item.name.nominalWeight / totalWeight
            weightedZ += weight * used
            components.append(ReadinessComponent(
                name: item.name, metric: item.baseline.metric, value: item.value.value, status: item.value.status,
                baseline: item.baseline, z: item.z, zUsed: used, clamped: clampedZ != oriented, capped: used != clampedZ,
                nominalWeight: item.name.nominalWeight, weight: weight, points: pointsPerZ * weight * used))
        }
        let (raw, score) = score(weightedZ: weightedZ)
        return Readiness(day: day, status: .scored, score: score, band: ReadinessBand(score: score), rawScore: raw, weightedZ: weightedZ,
                         components: components, missing: missing, dayStatus: DayStatus.combined(components.map(\.status)),
                         lastNight: lastNight)
    }

    /// `70 + 15 × weightedZ`, and that rounded half away from zero and clamped to 0–100.
    public static func score(weightedZ: Double) -> (raw: Double, score: Int) {
        let raw = base + pointsPerZ * weightedZ
        let rounded = raw.rounded(.toNearestOrAwayFromZero)
        return (raw, Int(Swift.min(Swift.max(rounded, 0), 100)))
    }
}
