import HealthDomain

/// A deterministic history for `healthd-bench query` when no database is given: every
/// canonical metric on every day in Europe/Berlin, with a Watch and an iPhone that
/// overlap (so de-duplication does real work), about 250 samples a day.
package struct SummaryHistory {
    package static let zone = "Europe/Berlin"
    var random = SplitMix64(seed: 7)
    /// Five-minute active-energy samples per day, from 07:00 (192 fill the waking day).
    package var activeEnergySlots = 192

    package init() {}

    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(random.next() % 1_000_001) / 1_000_000 * (range.upperBound - range.lowerBound)
    }

    /// The samples of local date `day`.
    package mutating func samples(for day: DayKey) -> [Sample] {
        let midnight = ZoneClock.shared.startOfDayMs(day, zone: Self.zone)
        let hour: Int64 = 3_600_000
        let minute: Int64 = 60_000
        var out: [Sample] = []
        func add(_ key: String, _ metric: Metric, _ start: Int64, _ end: Int64, value: Double? = nil, category: String? = nil, unit: String, source: String) {
            out.append(Sample(sampleKey: "\(day)-\(key)", metric: metric, startTimeMs: start, endTimeMs: end, valueNumber: value, categoryValue: category,
                              unit: unit, sourceName: source, timezone: Self.zone))
        }
        // Active energy every 5 minutes from 07:00 to 23:00 from the Watch.
        for slot in 0..<activeEnergySlots {
            let start = midnight + 7 * hour + Int64(slot) * 5 * minute
            add("ae\(slot)", .activeEnergyKcal, start, start + 5 * minute, value: uniform(0.5...9), unit: "kcal", source: "Apple Watch")
        }
        // Steps: hourly from the Watch, two-hourly from the iPhone over the same hours.
        for h in 7..<23 {
            let start = midnight + Int64(h) * hour
            add("sw\(h)", .stepCount, start, start + hour, value: uniform(100...900).rounded(), unit: "count", source: "Apple Watch")
            if h % 2 == 1 { add("sp\(h)", .stepCount, start, start + 2 * hour, value: uniform(200...1500).rounded(), unit: "count", source: "iPhone") }
        }
        for (i, h) in [8, 13, 19].enumerated() {
            add("food\(i)", .dietaryEnergyKcal, midnight + Int64(h) * hour, midnight + Int64(h) * hour, value: uniform(350...900).rounded(), unit: "kcal", source: "MyFitnessPal")
        }
        add("rhr", .restingHeartRateBpm, midnight + 8 * hour, midnight + 8 * hour, value: uniform(52...64).rounded(), unit: "bpm", source: "Apple Watch")
        for i in 0..<3 { add("hrv\(i)", .hrvSdnnMs, midnight + Int64(2 + i) * hour, midnight + Int64(2 + i) * hour + minute, value: uniform(30...70).rounded(), unit: "ms", source: "Apple Watch") }
        if random.next() % 10 < 8 { add("kg", .bodyMassKg, midnight + 7 * hour, midnight + 7 * hour, value: (uniform(71...74) * 10).rounded() / 10, unit: "kg", source: "Withings") }
        if random.next() % 10 < 3 { add("fat", .bodyFatPercent, midnight + 7 * hour, midnight + 7 * hour, value: (uniform(17...20) * 10).rounded() / 10, unit: "%", source: "Withings") }
        // The night ending this morning: in bed, a coarse span and stages, from the Watch.
        let bed = midnight - hour + Int64(uniform(0...50)) * minute
        var t = bed + 10 * minute
        add("inbed", .sleepSegment, bed, midnight + 7 * hour, category: "inBed", unit: "category", source: "Apple Watch")
        add("asleep", .sleepSegment, t, midnight + 6 * hour + 40 * minute, category: "asleep", unit: "category", source: "Apple Watch")
        for (i, stage) in ["asleepCore", "asleepDeep", "asleepCore", "asleepREM", "asleepCore", "asleepREM"].enumerated() {
            let end = i == 5 ? midnight + 6 * hour + 40 * minute : t + Int64(uniform(40...75)) * minute
            add("st\(i)", .sleepSegment, t, end, category: stage, unit: "category", source: "Apple Watch")
            t = end
        }
        return out
    }
}
