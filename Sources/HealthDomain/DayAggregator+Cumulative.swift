extension DayAggregator {
    /// Sums a cumulative metric for one day.
    ///
    /// Each sample contributes the part of its value inside the day (in its own zone),
    /// proportional to duration. With `deduplicate`, sources are taken best rank first and
    /// a sample only counts the fraction of its in-day duration not already covered by
    /// better-ranked sources' samples (instants count unless they fall in covered time);
    /// this is what Health.app does and neither double counts (naive sum) nor under
    /// counts (max of per-source totals). A source never de-duplicates against itself.
    static func cumulative(
        day: DayKey, samples: [Sample], priority: SourcePriority, clock: ZoneClock, deduplicate: Bool
    ) -> CumulativeDay? {
        var covered = IntervalSet()
        var contributions: [SourceContribution] = []
        var total = 0.0
        var sampleCount = 0
        // The day's bounds depend only on the zone; a day usually has one or two zones.
        var bounds: [String: (start: Int64, end: Int64)] = [:]
        func dayBounds(_ zone: String) -> (start: Int64, end: Int64) {
            if let known = bounds[zone] { return known }
            let computed = (clock.startOfDayMs(day, zone: zone), clock.startOfDayMs(day.adding(days: 1), zone: zone))
            bounds[zone] = computed
            return computed
        }
        for group in groupedBySource(samples, priority: priority) {
            var sourceTotal = 0.0
            var sourceCounted = 0.0
            var sourceCount = 0
            for sample in group.samples {
                let (dayStart, dayEnd) = dayBounds(sample.timezone)
                guard let (clipped, value) = DayAttribution.share(of: sample, inDayFrom: dayStart, to: dayEnd) else { continue }
                sourceCount += 1
                sourceTotal += value
                guard deduplicate, !covered.isEmpty else {
                    sourceCounted += value
                    continue
                }
                if clipped.isEmpty {
                    if !covered.contains(clipped.start) { sourceCounted += value }
                } else {
                    let uncovered = clipped.length - covered.overlapLength(with: clipped)
                    if uncovered == clipped.length {
                        sourceCounted += value
                    } else if uncovered > 0 {
                        sourceCounted += value * Double(uncovered) / Double(clipped.length)
                    }
                }
            }
            guard sourceCount > 0 else { continue }
            if deduplicate {
                // Whole intervals, not the in-day parts: covered time is time, whichever
                // day a better source's sample is attributed to.
                covered.formUnion(IntervalSet(group.samples.map { Interval(start: $0.startTimeMs, end: $0.endTimeMs) }))
            }
            total += sourceCounted
            sampleCount += sourceCount
            contributions.append(
                SourceContribution(name: group.name, total: sourceTotal, counted: sourceCounted, sampleCount: sourceCount))
        }
        guard sampleCount > 0 else { return nil }
        return CumulativeDay(total: total, sampleCount: sampleCount, sources: contributions)
    }
}
