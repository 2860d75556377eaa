import HealthDomain
import JSON
import SQLiteStore

/// One day in numbers and in one quotable sentence: each canonical metric with its unit
/// (or an explicit `no_data`), a 28-day baseline for the metrics that have one, and the
/// provenance of every number.
struct DailySummary: Sendable {
    /// Days before the summarised day that make up the baseline average.
    static let baselineDays = 28
    /// Fewer baseline days than this and the text does not compare against the average.
    static let minimumBaselineDaysForText = 7

    enum Label: Sendable {
        case day
        case yesterday
    }

    var day: DayKey
    var zone: SummaryZone
    var label: Label
    var nowMs: Int64
    var queued: [QueuedEntry]
    var priority: SourcePriority

    /// Reads the day and its baseline window (one range read) and builds the answer.
    func build(_ db: Database) throws -> JSONValue {
        let day = self.day
        let table = try DayTable.load(db, from: day.adding(days: -Self.baselineDays), to: day) { _, ordinal in ordinal == day.ordinal }
        let asOf = try Provenance.asOf(db, beforeMs: ZoneClock.shared.endOfDayMs(day, zone: zone.name))
        return render(table, asOfMs: asOf, sources: try DayTable.sources(db, from: day, to: day))
    }

    func render(_ table: DayTable, asOfMs: Int64?, sources: [String]) -> JSONValue {
        var metrics: [String: JSONValue] = [:]
        var missing: [JSONValue] = []
        var coverage: [(metric: Metric, daysWithData: Int, daysInRange: Int)] = []
        for metric in Metric.summaryOrder {
            let entry = table.entry(metric, day)
            let value = entry.flatMap { metric.summaryValue($0) }
            coverage.append((metric, value == nil ? 0 : 1, 1))
            guard let entry, let value else {
                metrics[metric.rawValue] = ["status": "no_data", "unit": .string(metric.summaryUnit)]
                missing.append(.string(metric.rawValue))
                continue
            }
            metrics[metric.rawValue] = .object(metricJSON(metric, value: value, entry: entry, table: table))
        }
        let today = zone.today(nowMs: nowMs)
        let provenance = Provenance(asOfMs: asOfMs, sources: sources, coverage: coverage)
        return [
            "kind": .string(label == .yesterday ? "yesterday_summary" : "daily_summary"),
            "day": .string(day.description),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "dayStatus": .string(day == today ? "in_progress" : (day > today ? "future" : "complete")),
            "metrics": .object(metrics),
            "missing": .array(missing),
            "queued": queued.json,
            "provenance": provenance.json(zone: zone, priority: priority),
            "text": .string(text(table, today: today)),
        ]
    }

    func baseline(_ metric: Metric, _ table: DayTable) -> (average: Double, days: Int)? {
        let values = table.series(metric, from: day.adding(days: -Self.baselineDays), to: day.adding(days: -1))
        guard !values.isEmpty else { return nil }
        return (values.reduce(0) { $0 + $1.value } / Double(values.count), values.count)
    }

    func metricJSON(_ metric: Metric, value: Double, entry: DayTable.Entry, table: DayTable) -> [String: JSONValue] {
        var out: [String: JSONValue] = ["status": "ok", "unit": .string(metric.summaryUnit)]
        let data = entry.data
        func number(_ key: String) -> JSONValue { data?[key]?.doubleValue.map { SummaryNumber.value($0, metric: metric) } ?? .null }
        switch metric.summaryKind {
        case .total:
            out["total"] = SummaryNumber.value(value, metric: metric)
        case .average:
            out["average"] = SummaryNumber.value(value, metric: metric)
            out["min"] = number("min")
            out["max"] = number("max")
            out["latest"] = number("latest")
            out["readings"] = data?["sampleCount"] ?? .null
        case .latest:
            out["latest"] = SummaryNumber.value(value, metric: metric)
            out["average"] = number("avg")
            out["min"] = number("min")
            out["max"] = number("max")
            out["readings"] = data?["sampleCount"] ?? .null
        case .sleep:
            for key in ["asleepMinutes", "deepMinutes", "remMinutes", "coreMinutes", "unspecifiedMinutes", "awakeMinutes", "inBedMinutes"] {
                out[key] = data?[key] ?? .null
            }
            out["bedtime"] = data?["sleepStart"]?.int64Value.map { .string(SummaryText.clock(atMs: $0, zone: zone.name)) } ?? .null
            out["wakeTime"] = data?["sleepEnd"]?.int64Value.map { .string(SummaryText.clock(atMs: $0, zone: zone.name)) } ?? .null
            out["source"] = data?["source"] ?? .null
        }
        if metric.summaryKind != .latest {
            if let baseline = baseline(metric, table) {
                var b: [String: JSONValue] = ["days": .number(Double(Self.baselineDays)), "daysWithData": .number(Double(baseline.days)),
                                              "average": SummaryNumber.value(baseline.average, metric: metric)]
                b["changePercent"] = baseline.average > 0 ? SummaryNumber.rounded((value - baseline.average) / baseline.average * 100, decimals: 1) : .null
                out["baseline"] = .object(b)
            } else {
                out["baseline"] = ["days": .number(Double(Self.baselineDays)), "daysWithData": 0, "average": nil, "changePercent": nil]
            }
        }
        return out
    }

    /// "Tue 17 Nov 2026: 8,432 steps (12% above your 28-day average), slept 7 h 12 min
    /// (deep 1 h 05, REM 1 h 40), resting HR 58 bpm, …, 2,150 kcal eaten vs 540 kcal active."
    func text(_ table: DayTable, today: DayKey) -> String {
        func value(_ metric: Metric) -> Double? { table.entry(metric, day).flatMap { metric.summaryValue($0) } }
        var parts: [String] = []
        if let steps = value(.stepCount) {
            var part = Metric.stepCount.textValue(steps)
            if let baseline = baseline(.stepCount, table), baseline.days >= Self.minimumBaselineDaysForText, baseline.average > 0 {
                part += " (\(SummaryText.comparison(percent: (steps - baseline.average) / baseline.average * 100)) your \(Self.baselineDays)-day average)"
            }
            parts.append(part)
        } else {
            parts.append("no step data")
        }
        if let asleep = value(.sleepSegment), let data = table.entry(.sleepSegment, day)?.data {
            parts.append("slept \(SleepText.nightDetail(asleepMinutes: Int(asleep), data: data))")
        } else {
            parts.append("no sleep data")
        }
        for (metric, prefix) in [(Metric.restingHeartRateBpm, "resting HR"), (.hrvSdnnMs, "HRV"), (.bodyMassKg, "weight"), (.bodyFatPercent, "body fat")] {
            parts.append(value(metric).map { "\(prefix) \(metric.textValue($0))" } ?? "no \(metric.textName) data")
        }
        parts.append(SummaryText.energy(eaten: value(.dietaryEnergyKcal), active: value(.activeEnergyKcal), per: ""))
        var head = SummaryText.date(day)
        if label == .yesterday { head = "Yesterday, \(head)" }
        if day == today { head += " (so far)" }
        var sentence = "\(head): \(parts.joined(separator: ", "))."
        if let queuedText = queued.text { sentence += " \(queuedText.prefix(1).uppercased())\(queuedText.dropFirst())." }
        return sentence
    }
}

/// Sleep phrases shared by the daily text and the sleep report.
enum SleepText {
    /// "7 h 12 min (deep 1 h 05, REM 1 h 40)", or "(no stage data)" for coarse-only nights.
    static func nightDetail(asleepMinutes: Int, data: JSONValue) -> String {
        let deep = data["deepMinutes"]?.int64Value ?? 0
        let rem = data["remMinutes"]?.int64Value ?? 0
        let core = data["coreMinutes"]?.int64Value ?? 0
        let total = SummaryText.duration(minutes: asleepMinutes)
        if deep + rem + core == 0 { return "\(total) (no stage data)" }
        return "\(total) (deep \(SummaryText.shortDuration(minutes: Int(deep))), REM \(SummaryText.shortDuration(minutes: Int(rem))))"
    }
}

extension SummaryText {
    /// "2,150 kcal eaten vs 540 kcal active", naming whichever side has no data.
    static func energy(eaten: Double?, active: Double?, per: String) -> String {
        switch (eaten, active) {
        case let (e?, a?): "\(integer(e)) kcal\(per) eaten vs \(integer(a)) kcal\(per) active"
        case let (e?, nil): "\(integer(e)) kcal\(per) eaten, no active energy data"
        case let (nil, a?): "no dietary energy data, \(integer(a)) kcal\(per) active"
        case (nil, nil): "no dietary or active energy data"
        }
    }
}
