extension DayAggregator {
    /// Count, minutes (the union of the samples' intervals, so overlapping samples from
    /// two sources count once) and how often each value was seen, over all sources.
    static func category(samples: [Sample], priority: SourcePriority) -> CategoryDay? {
        guard !samples.isEmpty else { return nil }
        var values: [String: Int] = [:]
        var sources = SourceTally()
        for sample in samples {
            if let value = sample.categoryValue { values[value, default: 0] += 1 }
            sources.add(sample, priority: priority)
        }
        let covered = IntervalSet(samples.map { Interval(start: $0.startTimeMs, end: $0.endTimeMs) })
        return CategoryDay(count: samples.count, minutes: SleepNight.minutes(covered.totalLength), values: values,
                           sources: sources.names)
    }

    /// Readings: a systolic and a diastolic sample with the same start and source form
    /// one. Each side's statistics cover all of its samples; a day needs both sides.
    static func bloodPressure(samples: [Sample], priority: SourcePriority) -> BloodPressureDay? {
        struct Key: Hashable { var start: Int64; var source: String }
        var systolic: [(key: Key, value: Double)] = []
        var diastolic: [(key: Key, value: Double)] = []
        var sources = SourceTally()
        for sample in samples {
            guard let value = sample.valueNumber, value.isFinite else { continue }
            let key = Key(start: sample.startTimeMs, source: sample.sourceIdentity)
            switch sample.categoryValue {
            case "systolic": systolic.append((key, value))
            case "diastolic": diastolic.append((key, value))
            default: continue
            }
            sources.add(sample, priority: priority)
        }
        guard !systolic.isEmpty, !diastolic.isEmpty else { return nil }
        var systolicByKey: [Key: [Double]] = [:]
        var diastolicByKey: [Key: [Double]] = [:]
        for item in systolic { systolicByKey[item.key, default: []].append(item.value) }
        for item in diastolic { diastolicByKey[item.key, default: []].append(item.value) }
        var readings = 0
        var latest: (key: Key, systolic: Double, diastolic: Double)?
        // Samples arrive in canonical order, so "latest" never depends on input order.
        for (key, values) in systolicByKey {
            guard let other = diastolicByKey[key] else { continue }
            readings += min(values.count, other.count)
            if let current = latest, (current.key.start, current.key.source) >= (key.start, key.source) { continue }
            latest = (key, values[values.count - 1], other[other.count - 1])
        }
        func side(_ items: [(key: Key, value: Double)], latest: Double?) -> BloodPressureDay.Side {
            let values = items.map(\.value)
            let last = items.max { ($0.key.start, $0.key.source) < ($1.key.start, $1.key.source) }?.value ?? 0
            return BloodPressureDay.Side(avg: values.reduce(0, +) / Double(values.count), min: values.min() ?? 0,
                                         max: values.max() ?? 0, latest: latest ?? last)
        }
        let latestTime = latest?.key.start ?? max(systolic.map(\.key.start).max() ?? 0, diastolic.map(\.key.start).max() ?? 0)
        return BloodPressureDay(
            readings: readings, unpaired: systolic.count + diastolic.count - 2 * readings,
            systolic: side(systolic, latest: latest?.systolic), diastolic: side(diastolic, latest: latest?.diastolic),
            latestTimeMs: latestTime, sources: sources.names)
    }
}
