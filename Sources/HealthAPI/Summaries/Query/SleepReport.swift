import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// Nights of a range (keyed by wake-up date) with stages, bedtime and wake time, their
/// averages, and how consistent bedtime and wake time were (standard deviation).
struct SleepReport: Sendable {
    var range: DayRange
    var zone: SummaryZone
    var priority: SourcePriority
    var catalog: MetricCatalog

    /// The metric the report reads: the catalog's sleep metric.
    var sleepMetric: Metric { catalog.metrics(ofKind: [.sleep]).first ?? .sleepSegment }

    func build(_ reader: StoreReader) throws -> JSONValue {
        let sleepMetric = self.sleepMetric
        let table = try reader.dayTable(catalog: catalog, from: range.from, to: range.to, metrics: [sleepMetric]) { _, _ in true }
        let asOf = try reader.asOf(catalog: catalog, beforeMs: ZoneClock.shared.endOfDayMs(range.to, zone: zone.name))
        var nights: [JSONValue] = []
        var missing: [JSONValue] = []
        var bedtimes: [Double] = []
        var wakeTimes: [Double] = []
        var sums: [String: Double] = [:]
        var nightSources: [(name: String, recency: Int64)] = []
        let stageKeys = ["asleepMinutes", "deepMinutes", "remMinutes", "coreMinutes", "unspecifiedMinutes", "awakeMinutes", "inBedMinutes"]
        for ordinal in range.from.ordinal...range.to.ordinal {
            let day = DayKey(ordinal: ordinal)
            guard case .sleep(let stored)? = table.entry(sleepMetric, day)?.aggregate else {
                missing.append(.string(day.description))
                continue
            }
            var night: [String: JSONValue] = ["day": .string(day.description), "source": .string(stored.source)]
            nightSources.append((stored.source, Int64(ordinal)))
            let minutes = [stored.asleepMinutes, stored.deepMinutes, stored.remMinutes, stored.coreMinutes,
                           stored.unspecifiedMinutes, stored.awakeMinutes, stored.inBedMinutes]
            for (key, value) in zip(stageKeys, minutes) {
                night[key] = .number(Double(value))
                sums[key, default: 0] += Double(value)
            }
            if let start = stored.sleepStart {
                var minute = ZoneClock.shared.localMinuteOfDay(atMs: start, zone: zone.name)
                // Bedtimes around midnight: count 00:30 as 24:30 so it averages with 23:30, not with noon.
                if minute < 12 * 60 { minute += 1440 }
                bedtimes.append(Double(minute))
                night["bedtime"] = .string(SummaryText.clock(minuteOfDay: minute))
            } else {
                night["bedtime"] = .null
            }
            if let end = stored.sleepEnd {
                let minute = ZoneClock.shared.localMinuteOfDay(atMs: end, zone: zone.name)
                wakeTimes.append(Double(minute))
                night["wakeTime"] = .string(SummaryText.clock(minuteOfDay: minute))
            } else {
                night["wakeTime"] = .null
            }
            nights.append(.object(night))
        }
        let count = nights.count
        var averages: [String: JSONValue] = [:]
        for key in stageKeys { averages[key] = count > 0 ? SummaryNumber.rounded(sums[key, default: 0] / Double(count), decimals: 0) : .null }
        let bedtime = SleepReport.spread(bedtimes)
        let wake = SleepReport.spread(wakeTimes)
        func consistency(_ s: (mean: Double, sd: Double)?) -> JSONValue {
            guard let s else { return ["average": nil, "standardDeviationMinutes": nil] }
            return ["average": .string(SummaryText.clock(minuteOfDay: Int(s.mean.rounded()))), "standardDeviationMinutes": SummaryNumber.rounded(s.sd, decimals: 0)]
        }
        let provenance = Provenance(asOfMs: asOf, sources: nightSources, coverage: [(sleepMetric, count, range.days)])

        var text = "\(SummaryText.range(range.from, range.to)): "
        if count == 0 {
            text += "no sleep data (0 of \(range.days) nights)."
        } else {
            let asleep = Int((sums["asleepMinutes", default: 0] / Double(count)).rounded())
            let deep = Int((sums["deepMinutes", default: 0] / Double(count)).rounded())
            let rem = Int((sums["remMinutes", default: 0] / Double(count)).rounded())
            text += "\(count) of \(range.days) nights, average \(SummaryText.duration(minutes: asleep)) asleep (deep \(SummaryText.shortDuration(minutes: deep)), REM \(SummaryText.shortDuration(minutes: rem)))"
            if let bedtime { text += ", bedtime \(SummaryText.clock(minuteOfDay: Int(bedtime.mean.rounded()))) ± \(Int(bedtime.sd.rounded())) min" }
            if let wake { text += ", wake time \(SummaryText.clock(minuteOfDay: Int(wake.mean.rounded()))) ± \(Int(wake.sd.rounded())) min" }
            text += "."
        }
        return [
            "kind": "sleep_report",
            "from": .string(range.from.description),
            "to": .string(range.to.description),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "unit": "min",
            "nightsWithData": .number(Double(count)),
            "nightsInRange": .number(Double(range.days)),
            "nights": .array(nights),
            "missingNights": .array(missing),
            "averages": .object(averages),
            "consistency": ["bedtime": consistency(bedtime), "wakeTime": consistency(wake)],
            "provenance": provenance.json(zone: zone, priority: priority),
            "text": .string(text),
        ]
    }

    /// Mean and population standard deviation, or nil without values.
    static func spread(_ values: [Double]) -> (mean: Double, sd: Double)? {
        guard !values.isEmpty else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (mean, variance.squareRoot())
    }
}
