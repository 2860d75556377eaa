import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// One day in numbers and in one quotable sentence: each canonical metric with its unit
/// (or an explicit `no_data`), a 28-day baseline for the metrics that have one, and the
/// provenance of every number.
struct DailySummary: Sendable {
    /// Days before the summarised day that make up the baseline average.
    static let baselineDays = Limits.summaryBaselineDays
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
    var catalog: MetricCatalog
    /// Sleep metrics whose night may still change (see ``SleepSettling``).
    var provisional: Set<Metric> = []
    /// Day status, readiness and anomalies of the day; nil when not read.
    var judgement: DayJudgement?

    /// Reads the day and its baseline window (one range read) and builds the answer.
    func build(_ reader: StoreReader) throws -> JSONValue {
        let day = self.day
        // The same read gives the judgements their rows when their window is the baseline's.
        let table = try reader.dayTable(catalog: catalog, from: day.adding(days: -Self.baselineDays), to: day,
                                        storedDays: Self.baselineDays == Baseline.windowDays) { _, ordinal in ordinal == day.ordinal }
        let asOf = try reader.asOf(catalog: catalog, beforeMs: ZoneClock.shared.endOfDayMs(day, zone: zone.name))
        var summary = self
        // Only last night — the one that ends today — can still be syncing.
        let isToday = day == zone.today(nowMs: nowMs)
        for spec in catalog.specs where isToday && spec.kind == .sleep && table.hasEntry(spec.metric, day) {
            if try reader.isProvisional(night: day, metric: spec.metric, zone: zone.name, nowMs: nowMs) {
                summary.provisional.insert(spec.metric)
            }
        }
        summary.judgement = try DayJudgement.load(day, reader: reader, catalog: catalog, rule: SettlingRule(zone: zone.name, nowMs: nowMs), table: table)
        return summary.render(table, asOfMs: asOf, sources: try reader.sources(catalog: catalog, from: day, to: day),
                              activity: try DayActivity.load(reader, day: day))
    }

    /// The metrics the answer lists: those every summary lists, then any other with data on the day.
    func listed(_ table: DayTable) -> [MetricSpec] {
        catalog.summaryOrder.filter { $0.wording.always || table.hasEntry($0.metric, day) }
    }

    func render(_ table: DayTable, asOfMs: Int64?, sources: [(name: String, recency: Int64)], activity: DayActivity = .none) -> JSONValue {
        var metrics: [String: JSONValue] = [:]
        var missing: [JSONValue] = []
        var coverage: [(metric: Metric, daysWithData: Int, daysInRange: Int)] = []
        let listed = listed(table)
        for spec in listed {
            let metric = spec.metric
            let entry = table.entry(metric, day)
            let value = entry.flatMap { spec.summaryValue($0) }
            coverage.append((metric, value == nil ? 0 : 1, 1))
            guard let entry, let value else {
                metrics[metric.rawValue] = ["status": "no_data", "unit": .string(spec.summaryUnit)]
                missing.append(.string(metric.rawValue))
                continue
            }
            var json = metricJSON(spec, value: value, entry: entry, table: table)
            if let judgement {
                json["settling"] = JudgementJSON.settling(judgement.settling(metric))
                json["revisedAtMs"] = judgement.revisedAtMs(metric).map { JSONValue($0) } ?? .null
            }
            metrics[metric.rawValue] = .object(json)
        }
        let today = zone.today(nowMs: nowMs)
        let provenance = Provenance(asOfMs: asOfMs, sources: sources, coverage: coverage)
        var answer: [String: JSONValue] = [
            "kind": .string(label == .yesterday ? "yesterday_summary" : "daily_summary"),
            "day": .string(day.description),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "dayStatus": .string(day == today ? "in_progress" : (day > today ? "future" : "complete")),
            "metrics": .object(metrics),
            "missing": .array(missing),
            "queued": queued.json(catalog),
            "provenance": provenance.json(zone: zone, priority: priority),
            "workouts": activity.workoutsJSON,
            "activity": activity.ringsJSON,
            "text": .string(text(table, today: today, listed: listed, activity: activity)),
        ]
        if let judgement {
            answer.merge(judgement.members(catalog: catalog)) { current, _ in current }
            answer["settling"] = JudgementJSON.settling(judgement.settling(of: listed.map(\.metric)))
        }
        return .object(answer)
    }

    func baseline(_ spec: MetricSpec, _ table: DayTable) -> (average: Double, days: Int)? {
        let values = table.series(spec, from: day.adding(days: -Self.baselineDays), to: day.adding(days: -1))
        guard !values.isEmpty else { return nil }
        return (values.reduce(0) { $0 + $1.value } / Double(values.count), values.count)
    }

    func metricJSON(_ spec: MetricSpec, value: Double, entry: DayTable.Entry, table: DayTable) -> [String: JSONValue] {
        var out: [String: JSONValue] = ["status": "ok", "unit": .string(spec.summaryUnit)]
        func number(_ value: Double?) -> JSONValue { value.map { SummaryNumber.value($0, spec) } ?? .null }
        var readings: DiscreteDay?
        if case .discrete(let day)? = entry.aggregate { readings = day }
        switch spec.summaryKind {
        case .total:
            out["total"] = SummaryNumber.value(value, spec)
            // Where the number came from: a reported day total, or the samples' own sum.
            if case .cumulative(let day)? = entry.aggregate {
                out["totalFrom"] = .string(day.totalFrom ?? "samples")
                if let samplesTotal = day.samplesTotal { out["samplesTotal"] = SummaryNumber.value(samplesTotal, spec) }
            }
        case .average:
            out["average"] = SummaryNumber.value(value, spec)
            out["min"] = number(readings?.min)
            out["max"] = number(readings?.max)
            out["latest"] = number(readings?.latest)
            out["readings"] = readings.map { .number(Double($0.sampleCount)) } ?? .null
        case .latest:
            out["latest"] = SummaryNumber.value(value, spec)
            out["average"] = number(readings?.avg)
            out["min"] = number(readings?.min)
            out["max"] = number(readings?.max)
            out["readings"] = readings.map { .number(Double($0.sampleCount)) } ?? .null
        case .sleep:
            var night: SleepNight?
            if case .sleep(let stored)? = entry.aggregate { night = stored }
            let minutes: [(String, Int?)] = [
                ("asleepMinutes", night?.asleepMinutes), ("deepMinutes", night?.deepMinutes), ("remMinutes", night?.remMinutes),
                ("coreMinutes", night?.coreMinutes), ("unspecifiedMinutes", night?.unspecifiedMinutes),
                ("awakeMinutes", night?.awakeMinutes), ("inBedMinutes", night?.inBedMinutes),
            ]
            for (key, value) in minutes { out[key] = value.map { .number(Double($0)) } ?? .null }
            out["bedtime"] = night?.sleepStart.map { .string(SummaryText.clock(atMs: $0, zone: zone.name)) } ?? .null
            out["wakeTime"] = night?.sleepEnd.map { .string(SummaryText.clock(atMs: $0, zone: zone.name)) } ?? .null
            out["source"] = night.map { .string($0.source) } ?? .null
            out["provisional"] = .bool(provisional.contains(spec.metric))
        case .minutes, .count:
            var category: CategoryDay?
            if case .categoryDuration(let day)? = entry.aggregate { category = day }
            if case .categoryEvents(let day)? = entry.aggregate { category = day }
            out["count"] = category.map { .number(Double($0.count)) } ?? .null
            out["minutes"] = category.map { .number(Double($0.minutes)) } ?? .null
            out["values"] = category.map { .object($0.values.mapValues { .number(Double($0)) }) } ?? .null
        case .bloodPressure:
            guard case .bloodPressure(let day)? = entry.aggregate else { break }
            func side(_ s: BloodPressureDay.Side) -> JSONValue {
                ["average": SummaryNumber.value(s.avg, spec), "min": SummaryNumber.value(s.min, spec),
                 "max": SummaryNumber.value(s.max, spec), "latest": SummaryNumber.value(s.latest, spec)]
            }
            out["readings"] = .number(Double(day.readings))
            out["systolic"] = side(day.systolic)
            out["diastolic"] = side(day.diastolic)
        }
        if spec.summaryKind != .latest, spec.summaryKind != .bloodPressure {
            if let baseline = baseline(spec, table) {
                var b: [String: JSONValue] = ["days": .number(Double(Self.baselineDays)), "daysWithData": .number(Double(baseline.days)),
                                              "average": SummaryNumber.value(baseline.average, spec)]
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
    /// Each listed metric gives one phrase, worded by its catalog entry.
    func text(_ table: DayTable, today: DayKey, listed: [MetricSpec], activity: DayActivity = .none) -> String {
        var phrases = SummaryPhrases(per: "")
        for spec in listed {
            let entry = table.entry(spec.metric, day)
            let value = entry.flatMap { spec.summaryValue($0) }
            if case .balance(let word) = spec.wording.phrase {
                phrases.balance(spec, value: value, word: word)
                continue
            }
            guard let value else {
                phrases.add("no \(spec.textName) data")
                continue
            }
            if let phrase = SummaryPhrases.categoryPhrase(spec, entry?.aggregate) {
                phrases.add(phrase)
            } else if spec.summaryKind == .sleep {
                let settling = provisional.contains(spec.metric) ? " (provisional: the night is still syncing)" : ""
                if case .sleep(let night)? = entry?.aggregate {
                    phrases.add("slept \(SleepText.nightDetail(asleepMinutes: Int(value), night: night))\(settling)")
                } else {
                    phrases.add("slept \(spec.textValue(value))\(settling)")
                }
            } else if spec.wording.phrase == .lead {
                var part = spec.textValue(value)
                if let baseline = baseline(spec, table), baseline.days >= Self.minimumBaselineDaysForText, baseline.average > 0 {
                    part += " (\(SummaryText.comparison(percent: (value - baseline.average) / baseline.average * 100)) your \(Self.baselineDays)-day average)"
                }
                phrases.add(part)
            } else {
                phrases.add("\(spec.textName) \(spec.textValue(value))")
            }
        }
        var head = SummaryText.date(day)
        if label == .yesterday { head = "Yesterday, \(head)" }
        if day == today { head += " (so far)" }
        var sentence = "\(head): \(phrases.joined)."
        if let judged = judgement?.sentences(catalog: catalog) { sentence += " " + judged }
        if let activityText = activity.text { sentence += " " + activityText }
        if let queuedText = queued.text(catalog) { sentence += " \(queuedText.prefix(1).uppercased())\(queuedText.dropFirst())." }
        return sentence
    }
}

/// Sleep phrases shared by the daily text and the sleep report.
enum SleepText {
    /// "7 h 12 min (deep 1 h 05, REM 1 h 40)", or "(no stage data)" for coarse-only nights.
    static func nightDetail(asleepMinutes: Int, night: SleepNight) -> String {
        let total = SummaryText.duration(minutes: asleepMinutes)
        if night.deepMinutes + night.remMinutes + night.coreMinutes == 0 { return "\(total) (no stage data)" }
        return "\(total) (deep \(SummaryText.shortDuration(minutes: night.deepMinutes)), REM \(SummaryText.shortDuration(minutes: night.remMinutes)))"
    }
}

/// The phrases of one summary sentence, in order. Consecutive balance metrics (eaten
/// and active energy) become one phrase: "2,150 kcal eaten vs 540 kcal active".
struct SummaryPhrases {
    /// "/day" in range texts, "" for a day.
    let per: String
    private var parts: [String] = []
    private var sides: [(spec: MetricSpec, value: Double?, word: String, note: String?)] = []

    init(per: String) { self.per = per }

    mutating func add(_ phrase: String) {
        flushBalance()
        parts.append(phrase)
    }

    /// One side of a balance; `note` follows the whole balance phrase ("food logged 1 of 7 days").
    mutating func balance(_ spec: MetricSpec, value: Double?, word: String, note: String? = nil) {
        sides.append((spec, value, word, note))
    }

    /// Every phrase, joined with commas.
    var joined: String {
        var copy = self
        copy.flushBalance()
        return copy.parts.joined(separator: ", ")
    }

    private mutating func flushBalance() {
        guard !sides.isEmpty else { return }
        defer { sides = [] }
        let present = sides.filter { $0.value != nil }
        var phrase: String
        if present.isEmpty {
            phrase = "no \(Self.combinedLabel(sides.map(\.spec.textName))) data"
        } else {
            let rendered = sides.map { side in
                side.value.map { "\(side.spec.textValue($0))\(per) \(side.word)" } ?? "no \(side.spec.textName) data"
            }
            phrase = rendered.joined(separator: present.count == sides.count ? " vs " : ", ")
        }
        let notes = sides.compactMap(\.note)
        if !notes.isEmpty { phrase += " (\(notes.joined(separator: "; ")))" }
        parts.append(phrase)
    }

    /// The phrase of a day's category or blood pressure value: "headache ×2 (mild 1,
    /// severe 1)", "mindful minutes 25 min (2 sessions)", "blood pressure 121/79 mmHg
    /// (3 readings)"; nil for other kinds.
    static func categoryPhrase(_ spec: MetricSpec, _ aggregate: DayAggregate?) -> String? {
        switch aggregate {
        case .categoryEvents(let day)?:
            let seen = day.values.filter { $0.key != "notApplicable" && $0.key != "unspecified" }
                .sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }
            return "\(spec.textName) ×\(day.count)" + (seen.isEmpty ? "" : " (\(seen.joined(separator: ", ")))")
        case .categoryDuration(let day)?:
            return "\(spec.textName) \(SummaryText.duration(minutes: day.minutes)) (\(day.count) \(day.count == 1 ? "session" : "sessions"))"
        case .bloodPressure(let day)?:
            let pair = "\(SummaryText.integer(day.systolic.avg))/\(SummaryText.integer(day.diastolic.avg))\(spec.wording.textUnit)"
            return "\(spec.textName) \(pair) (\(day.readings) \(day.readings == 1 ? "reading" : "readings"))"
        default:
            return nil
        }
    }

    /// ["dietary energy", "active energy"] → "dietary or active energy": a shared last
    /// word is said once.
    static func combinedLabel(_ labels: [String]) -> String {
        let words = labels.map { $0.split(separator: " ").map(String.init) }
        if let last = words.first?.last, words.allSatisfy({ $0.count > 1 && $0.last == last }) {
            return words.map { $0.dropLast().joined(separator: " ") }.joined(separator: " or ") + " " + last
        }
        return labels.joined(separator: " or ")
    }
}
