extension Metric {
    /// Unit spellings accepted on ingest for this metric with the factor converting to
    /// ``unit``; nil when any unit is accepted (sleep segments, unknown metrics).
    ///
    /// Spellings are matched exactly: HealthKit distinguishes `Cal` (kilocalorie) from
    /// `cal` (calorie), so case folding would silently scale energy by 1000.
    public var acceptedUnits: [(unit: String, factor: Double)]? {
        switch self {
        case .stepCount: [("count", 1), ("steps", 1), ("step", 1)]
        case .activeEnergyKcal, .dietaryEnergyKcal: [("kcal", 1), ("Cal", 1), ("kJ", 1 / 4.184)]
        case .restingHeartRateBpm: [("bpm", 1), ("count/min", 1), ("beats/min", 1)]
        case .hrvSdnnMs: [("ms", 1)]
        case .bodyMassKg: [("kg", 1), ("g", 0.001), ("lb", 0.453_592_37), ("lbs", 0.453_592_37)]
        case .bodyFatPercent: [("%", 1)]
        default: nil
        }
    }

    /// `value` in ``unit``, or nil when `unit` is not one of ``acceptedUnits``.
    /// Metrics that accept any unit return the value unchanged.
    public func canonicalValue(_ value: Double, unit: String) -> Double? {
        guard let accepted = acceptedUnits else { return value }
        guard let factor = accepted.first(where: { $0.unit == unit })?.factor else { return nil }
        return factor == 1 ? value : value * factor
    }
}
