import HealthDomain

extension StoreReader {
    /// The metrics readiness reads: HRV, resting heart rate and the catalog's sleep metric.
    public static func readinessMetrics(_ catalog: MetricCatalog) -> (hrv: Metric, restingHeartRate: Metric, sleep: Metric) {
        (.hrvSdnnMs, .restingHeartRateBpm, catalog.metrics(ofKind: [.sleep]).first ?? .sleepSegment)
    }

    /// Readiness of `day` (``Readiness``) from one range read of its three metrics over
    /// `day − 28 … day`, each day marked by `rule`.
    public func readiness(_ day: DayKey, catalog: MetricCatalog, rule: SettlingRule) throws -> Readiness {
        let m = StoreReader.readinessMetrics(catalog)
        let series = try JudgementSeries.load(self, catalog: catalog, metrics: [m.hrv, m.restingHeartRate, m.sleep],
                                              from: day.adding(days: -Baseline.windowDays), to: day, rule: rule)
        return StoreReader.readiness(day, series: series, catalog: catalog)
    }

    /// Readiness of `day` from `series`, which must hold the three metrics over `day − 28 … day`.
    public static func readiness(_ day: DayKey, series: JudgementSeries, catalog: MetricCatalog) -> Readiness {
        let m = readinessMetrics(catalog)
        return Readiness.compute(day: day, hrv: series.series(m.hrv), restingHeartRate: series.series(m.restingHeartRate),
                                 asleep: series.series(m.sleep), catalog: catalog)
    }
}
