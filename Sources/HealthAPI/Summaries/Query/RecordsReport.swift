import HealthDomain
import JSON
import HealthStore

/// The `records` intent: ``MetricRecords`` of one metric over a range or all time, with
/// streaks of a threshold goal (from the day values) or of an activity ring (from the
/// day's activity summary).
struct RecordsReport: Sendable {
    var spec: MetricSpec
    var from: DayKey?
    var to: DayKey?
    var goal: StreakGoal?
    var zone: SummaryZone
    var nowMs: Int64
    var catalog: MetricCatalog
    var detail: AnswerDetail

    func build(_ reader: StoreReader) throws -> JSONValue {
        let metric = spec.metric
        let rule = SettlingRule(zone: zone.name, nowMs: nowMs)
        let today = rule.today
        let end = to ?? today
        // All time: from the first day with data, or with rings for a ring goal (within the
        // longest span allowed).
        var start = end
        if let from {
            start = from
        } else {
            let ringGoal = goal?.kind == .ringClosed
            let firsts = [try reader.firstDay(of: metric), ringGoal ? try reader.firstRingDay() : nil].compactMap { $0 }
            if let first = firsts.min() { start = max(min(first, end), end.adding(days: -(Limits.recordsDays - 1))) }
        }
        let records: MetricRecords
        do {
            guard start <= end else {
                throw JudgementError(field: "from", rule: "order", message: "'from' (\(start)) must not be after 'to' (\(end)\(to == nil ? ", today in \(zone.name)" : ""))")
            }
            guard end.ordinal - start.ordinal < Limits.recordsDays else {
                throw JudgementError(field: "to", rule: "max_days", message: "the range \(start)…\(end) spans \(end.ordinal - start.ordinal + 1) days; at most \(Limits.recordsDays) are allowed")
            }
            let series = try JudgementSeries.load(reader, catalog: catalog, metrics: [metric], from: start, to: end, rule: rule)
            let threshold = goal?.kind == .atLeast ? goal?.threshold : nil
            var computed = try MetricRecords.compute(series.series(metric), from: start, to: end, today: today, goal: threshold, catalog: catalog)
            if let goal, goal.kind == .ringClosed, let ring = goal.ring {
                let days = try reader.ringsWithArrival(from: start, to: end).compactMap { item in
                    GoalDay(item.summary, ring: ring, status: rule.status(item.summary.day, kind: nil, arrivedMs: item.updatedMs, sleepEndMs: nil))
                }
                computed.streaks = try StreakReport.compute(goal: goal, days: days, from: start, to: end, today: today)
            }
            records = computed
        } catch let error as JudgementError {
            throw APIError(error, intent: "records")
        }

        let format = JudgementJSON(catalog: catalog)
        func day(_ record: DayRecord?) -> JSONValue {
            guard let record else { return .null }
            var out: [String: JSONValue] = ["day": .string(record.day.description), "value": format.value(record.value, metric)]
            if detail == .full { out["settling"] = JudgementJSON.settling(record.status) }
            return .object(out)
        }
        func period(_ record: PeriodRecord?) -> JSONValue {
            guard let record else { return .null }
            var out: [String: JSONValue] = ["label": .string(record.label), "total": format.value(record.total, metric)]
            if detail == .full {
                out["period"] = .string(record.period.rawValue)
                out["start"] = .string(record.start.description)
                out["end"] = .string(record.end.description)
                out["daysWithData"] = JSONValue(record.daysWithData)
                out["partial"] = .bool(record.partial)
                out["settling"] = JudgementJSON.settling(record.status)
            }
            return .object(out)
        }
        func streak(_ run: Streak?) -> JSONValue {
            guard let run else { return .null }
            var out: [String: JSONValue] = ["start": .string(run.start.description), "end": .string(run.end.description), "length": JSONValue(run.length)]
            if detail == .full { out["settling"] = JudgementJSON.settling(run.status) }
            return .object(out)
        }
        var out: [String: JSONValue] = [
            "kind": "records",
            "metric": .string(metric.rawValue),
            "unit": .string(format.unit(metric)),
            "from": .string(records.from.description),
            "to": .string(records.to.description),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "lowerIsBetter": .bool(records.lowerIsBetter),
            "daysWithData": JSONValue(records.daysWithData),
            "best": day(records.best),
            "worst": day(records.worst),
            "bestWeek": period(records.bestWeek),
            "bestMonth": period(records.bestMonth),
            "goal": goal.map(RecordsReport.goalJSON) ?? .null,
            "streaks": records.streaks.map { report in
                var members: [String: JSONValue] = ["daysMet": JSONValue(report.daysMet), "longest": streak(report.longest),
                                                    "current": streak(report.current)]
                if detail == .full { members["lastDayOpen"] = .bool(report.lastDayOpen) }
                return .object(members)
            } ?? .null,
            "text": .string(text(records)),
        ]
        if detail == .full {
            out["summed"] = .bool(records.summed)
            out["rules"] = "best is the maximum, or the minimum where lower is better; a summed day still provisional is no candidate for a minimum; ties go to the earlier day or period; weeks are ISO weeks (Monday first), periods cut by the range are partial; a streak's current run ends on `to`, and an open last day that has not met the goal yet neither counts nor breaks it (lastDayOpen)"
        } else {
            out["detail"] = "brief"
            out["more"] = "full adds whether each record may still change (settling), the weeks' and months' first and last days, day counts and whether the range cut them, whether the last day is still open for the streak, and the rules"
        }
        return .object(out)
    }

    static func goalJSON(_ goal: StreakGoal) -> JSONValue {
        switch goal.kind {
        case .atLeast: ["kind": "at_least", "threshold": goal.threshold.map { .number($0) } ?? .null]
        case .ringClosed: ["kind": "ring_closed", "ring": goal.ring.map { .string($0.rawValue) } ?? .null]
        }
    }

    /// "Steps, Mon 4 Jan 2021 – Tue 17 Nov 2026 (2,143 days with data): best 24,512 steps
    /// on Sat 3 Jul 2021, worst 1,203 steps on Mon 1 Feb 2021; best week 2023-W27
    /// (112,000 steps), best month 2023-07 (380,100 steps). …"
    func text(_ records: MetricRecords) -> String {
        func value(_ number: Double) -> String { spec.textValue(number) }
        func mark(_ status: DayStatus) -> String { status == .provisional ? " (provisional)" : "" }
        var text = "\(spec.displayName), \(SummaryText.range(records.from, records.to)) (\(SummaryText.grouped(records.daysWithData)) \(records.daysWithData == 1 ? "day" : "days") with data)"
        if let best = records.best {
            let lower = records.lowerIsBetter ? " (lower is better)" : ""
            text += ": best\(lower) \(value(best.value)) on \(SummaryText.date(best.day))\(mark(best.status))"
            if let worst = records.worst {
                text += ", worst \(value(worst.value)) on \(SummaryText.date(worst.day))\(mark(worst.status))"
            } else {
                // A summed day still provisional can only grow, so it is never the minimum.
                text += ", no worst day yet (every day is still provisional)"
            }
            var periods: [String] = []
            if let week = records.bestWeek { periods.append("best week \(week.label) (\(value(week.total))\(week.partial ? ", partial" : ""))") }
            if let month = records.bestMonth { periods.append("best month \(month.label) (\(value(month.total))\(month.partial ? ", partial" : ""))") }
            if !periods.isEmpty { text += "; " + periods.joined(separator: ", ") }
        } else {
            text += ": no data"
        }
        text += "."
        if let streaks = records.streaks, let goal {
            let what = switch goal.kind {
            case .atLeast: "At least \(value(goal.threshold ?? 0))"
            case .ringClosed: goal.ring == .all ? "All three rings closed" : "\((goal.ring?.rawValue ?? "").prefix(1).uppercased())\((goal.ring?.rawValue ?? "").dropFirst()) ring closed"
            }
            text += " \(what): \(SummaryText.grouped(streaks.daysMet)) \(streaks.daysMet == 1 ? "day" : "days")"
            if let longest = streaks.longest {
                text += ", longest run \(longest.length) \(longest.length == 1 ? "day" : "days") (\(SummaryText.range(longest.start, longest.end)))"
            }
            if let current = streaks.current {
                text += ", current run \(current.length) \(current.length == 1 ? "day" : "days")"
            } else {
                text += ", no current run"
            }
            if streaks.lastDayOpen { text += " (today not met yet)" }
            text += "."
        }
        return text
    }
}
