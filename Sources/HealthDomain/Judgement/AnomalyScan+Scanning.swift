extension AnomalyScan {
    /// Scans `from…to` (at most 366 days) of every series for days with
    /// |z| ≥ `threshold` (2–4), and for strain signals from the series of resting heart
    /// rate, HRV, respiratory rate, wrist temperature and sleep among them (a missing one
    /// leaves its condition `unknown`). Floors come from `catalog`. Provisional days are
    /// judged like any other and marked.
    public static func scan(_ series: [DaySeries], from: DayKey, to: DayKey, threshold: Double = defaultThreshold,
                            catalog: MetricCatalog = .standard) throws(JudgementError) -> AnomalyScan {
        guard threshold.isFinite, allowedThresholds.contains(threshold) else {
            throw JudgementError(field: "threshold", rule: "range",
                                 message: "'threshold' must be between \(allowedThresholds.lowerBound) and \(allowedThresholds.upperBound)")
        }
        try JudgementError.checkSpan(from: from, to: to, maximumDays: maximumDays)

        var byMetric: [Metric: DaySeries] = [:]
        for item in series where byMetric[item.metric] == nil { byMetric[item.metric] = item }
        // Baselines are kept only where the strain signal reads them again.
        let strainMetrics = Set(StrainCheck.Name.allCases.map(\.metric))
        var baselines: [Metric: [Int: Baseline]] = [:]
        var anomalies: [Anomaly] = []
        var coverage: [MetricScanCoverage] = []
        for metric in byMetric.keys.sorted() {
            let days = byMetric[metric]!
            let floor = SpreadFloor(spec: catalog.spec(for: metric))
            var judged = 0
            var inRange = 0
            for value in days.values(from: from, through: to) {
                inRange += 1
                let baseline = Baseline.compute(days, on: value.day, floor: floor, currentSource: value.source)
                if strainMetrics.contains(metric) { baselines[metric, default: [:]][value.day.ordinal] = baseline }
                guard let z = baseline.z(of: value.value) else { continue }
                judged += 1
                if abs(z) >= threshold {
                    anomalies.append(Anomaly(metric: metric, day: value.day, value: value.value, status: value.status,
                                             baseline: baseline, z: z, direction: z > 0 ? .above : .below))
                }
            }
            coverage.append(MetricScanCoverage(metric: metric, daysWithData: inRange, daysJudged: judged, daysWithoutBaseline: inRange - judged))
        }
        anomalies.sort { ($0.day, $0.metric) < ($1.day, $1.metric) }

        var strainDays = Set<Int>()
        for name in StrainCheck.Name.allCases {
            for value in byMetric[name.metric]?.values(from: from, through: to) ?? [] { strainDays.insert(value.day.ordinal) }
        }
        var strain: [StrainSignal] = []
        for ordinal in strainDays.sorted() {
            let day = DayKey(ordinal: ordinal)
            let checks = StrainCheck.Name.allCases.map { name in
                check(name, value: byMetric[name.metric]?[day], baseline: baselines[name.metric]?[ordinal])
            }
            let met = checks.filter { $0.outcome == .met }.count
            guard met >= StrainSignal.minimumMet else { continue }
            strain.append(StrainSignal(day: day, checks: checks, met: met, status: DayStatus.combined(checks.compactMap(\.status))))
        }
        return AnomalyScan(from: from, to: to, threshold: threshold, anomalies: anomalies, strain: strain, coverage: coverage)
    }

    /// One strain condition for one day's value and its baseline.
    static func check(_ name: StrainCheck.Name, value: DayValue?, baseline: Baseline?) -> StrainCheck {
        guard let value else {
            return StrainCheck(name: name, value: nil, status: nil, baselineCentre: nil, baselineDays: nil, z: nil, limit: nil, outcome: .unknown)
        }
        func outcome(_ holds: Bool?) -> StrainCheck.Outcome { holds.map { $0 ? .met : .notMet } ?? .unknown }
        let centre = baseline?.isAvailable == true ? baseline?.centre : nil
        let z = baseline?.z(of: value.value)
        let days = baseline?.daysWithData
        switch name {
        case .restingHeartRateRaised, .wristTemperatureRaised:
            let rise = name == .restingHeartRateRaised ? StrainCheck.restingHeartRateRise : StrainCheck.wristTemperatureRise
            let limit = centre.map { $0 + rise }
            return StrainCheck(name: name, value: value.value, status: value.status, baselineCentre: centre, baselineDays: days, z: nil,
                               limit: limit, outcome: outcome(limit.map { value.value >= $0 }))
        case .hrvLowered:
            return StrainCheck(name: name, value: value.value, status: value.status, baselineCentre: centre, baselineDays: days, z: z,
                               limit: StrainCheck.hrvZLimit, outcome: outcome(z.map { $0 <= StrainCheck.hrvZLimit }))
        case .respiratoryRateRaised:
            return StrainCheck(name: name, value: value.value, status: value.status, baselineCentre: centre, baselineDays: days, z: z,
                               limit: StrainCheck.respiratoryZLimit, outcome: outcome(z.map { $0 >= StrainCheck.respiratoryZLimit }))
        case .shortSleep:
            return StrainCheck(name: name, value: value.value, status: value.status, baselineCentre: nil, baselineDays: nil, z: nil,
                               limit: StrainCheck.shortSleepMinutes, outcome: outcome(value.value < StrainCheck.shortSleepMinutes))
        }
    }
}
