import HealthDomain
import JSON
import HealthStore

/// One metric over a range, by day, ISO week (Monday first) or calendar month: the
/// per-day detail a range summary leaves out. Buckets without data carry `null`, never 0.
struct MetricSeries: Sendable {
    static func maxDays(_ bucket: SeriesBucket) -> Int {
        switch bucket {
        case .day: Limits.metricSeriesDays
        case .week: Limits.metricSeriesWeeklyDays
        case .month: Limits.metricSeriesMonthlyDays
        }
    }

    var spec: MetricSpec
    var range: DayRange
    var bucket: SeriesBucket
    var zone: SummaryZone
    var priority: SourcePriority
    var catalog: MetricCatalog

    func build(_ reader: StoreReader) throws -> JSONValue {
        let spec = self.spec
        let metric = spec.metric
        let table = try reader.dayTable(catalog: catalog, from: range.from, to: range.to, metrics: [metric]) { _, _ in spec.summaryKind == .latest }
        let values = table.series(spec, from: range.from, to: range.to)
        let asOf = try reader.asOf(catalog: catalog, beforeMs: ZoneClock.shared.endOfDayMs(range.to, zone: zone.name))
        var points: [JSONValue] = []
        if bucket == .day {
            var index = 0
            for ordinal in range.from.ordinal...range.to.ordinal {
                var value: JSONValue = .null
                if index < values.count, values[index].day.ordinal == ordinal {
                    value = SummaryNumber.value(values[index].value, spec)
                    index += 1
                }
                points.append(["day": .string(DayKey(ordinal: ordinal).description), "value": value])
            }
        } else {
            var index = 0
            var start = range.from
            while start <= range.to {
                let end = min(bucketEnd(start), range.to)
                var bucketValues: [(day: DayKey, value: Double)] = []
                while index < values.count, values[index].day <= end {
                    bucketValues.append(values[index])
                    index += 1
                }
                let stats = RangeStatistics(bucketValues, daysInRange: end.ordinal - start.ordinal + 1)
                var point: [String: JSONValue] = [
                    "start": .string(start.description), "end": .string(end.description),
                    "daysWithData": .number(Double(stats.daysWithData)), "daysInBucket": .number(Double(stats.daysInRange)),
                    "value": stats.headline(spec.summaryKind).map { SummaryNumber.value($0, spec) } ?? .null,
                ]
                if [.total, .minutes, .count].contains(spec.summaryKind) { point["total"] = stats.daysWithData > 0 ? SummaryNumber.value(stats.total, spec) : .null }
                points.append(.object(point))
                start = end.adding(days: 1)
            }
        }
        let overall = RangeStatistics(values, daysInRange: range.days)
        let valueMeaning: String
        switch spec.summaryKind {
        case .total: valueMeaning = bucket == .day ? "the day's total" : "average per day with data (total: the bucket's sum)"
        case .average: valueMeaning = bucket == .day ? "the day's average reading" : "average of the daily averages"
        case .latest: valueMeaning = bucket == .day ? "the day's latest reading" : "the last reading in the bucket"
        case .sleep: valueMeaning = bucket == .day ? "asleep minutes of the night ending that day" : "average asleep minutes per night with data"
        case .minutes: valueMeaning = bucket == .day ? "the day's minutes" : "average minutes per day with data (total: the bucket's sum)"
        case .count: valueMeaning = bucket == .day ? "the day's count of events" : "average count per day with data (total: the bucket's sum)"
        case .bloodPressure: valueMeaning = bucket == .day ? "the day's average systolic pressure" : "average of the daily average systolic pressures"
        }
        let provenance = Provenance(asOfMs: asOf, sources: [], coverage: [(metric, overall.daysWithData, range.days)])
        var provenanceJSON = provenance.members(zone: zone, priority: priority)
        provenanceJSON.removeValue(forKey: "sources")
        return [
            "kind": "metric_series",
            "metric": .string(metric.rawValue),
            "unit": .string(spec.summaryUnit),
            "bucket": .string(bucket.rawValue),
            "valueMeaning": .string(valueMeaning),
            "from": .string(range.from.description),
            "to": .string(range.to.description),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "summary": .object(RangeSummary.metricJSON(spec, overall, previous: nil, sleepStages: nil)),
            "points": .array(points),
            "provenance": .object(provenanceJSON),
        ]
    }

    /// The last day of the bucket that starts at `start` (before clipping to the range).
    func bucketEnd(_ start: DayKey) -> DayKey {
        switch bucket {
        case .day: return start
        case .week: return start.adding(days: 7 - start.weekday)
        case .month:
            // The month's last day: the first of 31, 30, 29, 28 that exists (no overflow
            // into year 10000, which DayKey cannot build).
            let (y, m, _) = start.components
            for last in [31, 30, 29, 28] { if let day = DayKey(year: y, month: m, day: last) { return day } }
            return start
        }
    }
}
