import HealthDomain
import JSON

/// Health Auto Export's aggregated sleep night — one element per source and night with
/// durations in hours — turned into stage segments, so a night reaches the one sleep
/// aggregation exactly as segments would and is never counted beside itself.
///
/// Reading rules (the fields drift between HAE versions):
/// - `deep`, `rem`, `core` are the stages; `awake` and `inBed` are taken as sent.
/// - `asleep` is the *unstaged* part when stages + asleep fit in the night's bound
///   (`inBed`, or without a usable `inBed` the `sleepStart`–`sleepEnd` span); otherwise
///   it is the whole night and only what it exceeds the stages by is unstaged. Current
///   versions send `asleep: 0` beside stages, older ones the whole night and no stages.
/// - `totalSleep` (sent by some versions beside the stages) adds unstaged sleep only by
///   what it exceeds the stages by, and only when `asleep` said nothing.
/// - Durations are taken as sent, never as `sleepEnd − sleepStart`.
/// - The unstaged part becomes an `asleep` segment. In a night with stages the one
///   night rule counts stages only (a coarse span beside stages is Apple Watch's
///   duplicate layer), so there it is kept in the raw samples and does not add.
///
/// Layout: deep, core, rem and unstaged sleep end to end from `sleepStart`; when there
/// are two or more, the last (with the awake time just before it) is moved to end at
/// `sleepEnd` where there is room — so bedtime and wake time are those sent. A single
/// block starts at `sleepStart` (awake time after it): the bedtime is kept. In bed ends at
/// `inBedEnd` (else `sleepEnd`) and lasts `inBed`, under the night's sleep source even
/// when `inBedSource` names another device (older versions' usual Watch + iPhone night).
///
/// Keys: one per (source, wake date, stage), so the same night re-sent later with a
/// later end (partial, then whole) replaces the earlier values instead of adding to them.
enum HealthAutoExportSleep {
    /// Fields that mark an element as an aggregated night rather than a segment.
    static let markers = ["sleepStart", "sleepEnd", "inBedStart", "totalSleep", "asleep", "deep", "rem", "core", "inBed"]

    static let msPerHour = 3_600_000.0

    /// Whether `members` is an aggregated night.
    static func isNight(_ members: [String: JSONValue]) -> Bool {
        members["startDate"] == nil && members["value"] == nil && markers.contains { members[$0] != nil }
    }

    /// The stage segments of one night, or the problem that prevents them.
    static func drafts(_ members: [String: JSONValue], metric: String, path: String) -> Result<[SampleDraft], ValidationIssue> {
        func hours(_ key: String) -> Double {
            guard let value = members[key]?.doubleValue, value.isFinite, value > 0 else { return 0 }
            return value
        }
        func date(_ key: String) -> Result<HealthAutoExportDate?, ValidationIssue> {
            guard let value = members[key], !value.isNull else { return .success(nil) }
            guard let text = value.stringValue, let parsed = HealthAutoExportDate.parse(text) else {
                return .failure(ValidationIssue(field: "\(path).\(key)", code: "format", message: "\(path).\(key) is not a date; expected \(HealthAutoExportDate.expected)"))
            }
            return .success(parsed)
        }
        let sleepStart: HealthAutoExportDate?, sleepEnd: HealthAutoExportDate?, inBedStart: HealthAutoExportDate?, inBedEnd: HealthAutoExportDate?
        switch (date("sleepStart"), date("sleepEnd"), date("inBedStart"), date("inBedEnd")) {
        case (.success(let a), .success(let b), .success(let c), .success(let d)): (sleepStart, sleepEnd, inBedStart, inBedEnd) = (a, b, c, d)
        case (.failure(let issue), _, _, _), (_, .failure(let issue), _, _), (_, _, .failure(let issue), _), (_, _, _, .failure(let issue)):
            return .failure(issue)
        }
        guard let start = sleepStart ?? inBedStart, let end = sleepEnd ?? inBedEnd else {
            return .failure(ValidationIssue(field: "\(path).sleepStart", code: "required", message: "\(path) is an aggregated night without sleepStart/sleepEnd (or inBedStart/inBedEnd); its times are unknown"))
        }
        let deep = hours("deep"), rem = hours("rem"), core = hours("core"), awake = hours("awake"), inBed = hours("inBed")
        let asleep = hours("asleep"), total = hours("totalSleep")
        // A night is at most two days long: anything longer (or not a number) is refused
        // before it becomes milliseconds, where it could overflow.
        for (name, value) in [("deep", deep), ("rem", rem), ("core", core), ("awake", awake), ("inBed", inBed), ("asleep", asleep), ("totalSleep", total)]
        where !(0...48).contains(value) {
            return .failure(ValidationIssue(field: "\(path).\(name)", code: "range", message: "\(path).\(name) must be 0–48 hours (got \(NumberText.format(value)))"))
        }
        let staged = deep + rem + core
        let span = Double(max(0, end.ms - start.ms)) / msPerHour
        let bound = inBed > 0 ? max(inBed, span) : span
        var unstaged: Double
        if staged == 0 {
            unstaged = asleep > 0 ? asleep : total
        } else if asleep > 0 {
            unstaged = staged + asleep <= bound + 1.0 / 60 ? asleep : max(0, asleep - staged)
        } else {
            unstaged = max(0, total - staged)
        }
        // Rounding in the app's hour fractions leaves seconds of "unstaged" sleep; not a stage.
        if unstaged < 1.0 / 60 { unstaged = 0 }

        let source = members["source"]?.stringValue ?? members["sleepSource"]?.stringValue
        let inBedSource = members["inBedSource"]?.stringValue ?? source
        // The wake date: a night ending at or after 18:00 local belongs to the next day.
        let localEnd = end.ms + Int64(end.offsetSeconds) * 1000 + 6 * 3_600_000
        let wakeDay = DayKey(ordinal: Int(localEnd >= 0 ? localEnd / 86_400_000 : (localEnd - 86_399_999) / 86_400_000))
        var metadata: [String: JSONValue] = ["format": "hae", "aggregatedNight": .string(wakeDay.description)]
        for (key, value) in members {
            switch value {
            case .number, .string, .bool: metadata[key] = value
            default: continue
            }
        }

        func segment(_ stage: String, _ from: Int64, _ hours: Double, source: String?, keySource: String? = nil) -> SampleDraft {
            let length = Int64((hours * msPerHour).rounded())
            let identity = keySource ?? source
            var draft = SampleDraft(
                sampleKey: SampleKey.derivedPrefix + SampleKey.digest(["sleep_segment", identity ?? "unknown", "hae-night", wakeDay.description, stage]),
                metricName: metric, startTimeMs: from, endTimeMs: from + length, value: hours, unit: "hr", categoryValue: stage,
                sourceName: source, timezone: end.zone, metadata: .object(metadata))
            draft.fields = HealthAutoExportAdapter.fieldNames(start: "sleepStart", end: "sleepEnd", value: stage)
            return draft
        }
        var drafts: [SampleDraft] = []
        let stages = [("asleepDeep", deep), ("asleepCore", core), ("asleepREM", rem), ("asleep", unstaged)].filter { $0.1 > 0 }
        var cursor = start.ms
        for (index, (stage, length)) in stages.enumerated() {
            // The first block always starts at sleepStart; a later last block ends at sleepEnd.
            let isLast = index > 0 && index == stages.count - 1
            if isLast, awake > 0 {
                let awakeStart = max(cursor, end.ms - Int64(((awake + length) * msPerHour).rounded()))
                drafts.append(segment("awake", awakeStart, awake, source: source))
                cursor = awakeStart + Int64((awake * msPerHour).rounded())
            }
            let from = isLast ? max(cursor, end.ms - Int64((length * msPerHour).rounded())) : cursor
            drafts.append(segment(stage, from, length, source: source))
            cursor = from + Int64((length * msPerHour).rounded())
        }
        if stages.count < 2, awake > 0 { drafts.append(segment("awake", cursor, awake, source: source)) }
        if inBed > 0 {
            let bedEnd = (inBedEnd ?? end).ms
            // The night is one source's: the one sleep rule counts a night from a single
            // source, so time in bed filed under another (`inBedSource` is usually the
            // iPhone, `sleepSource` the Watch) would be dropped and the night show 0 min in
            // bed. It joins the night's sleep source; the key keeps the in-bed source (so a
            // re-send replaces what an earlier version stored) and the metadata both names as sent.
            let owner = drafts.isEmpty ? inBedSource : source
            drafts.append(segment("inBed", bedEnd - Int64((inBed * msPerHour).rounded()), inBed, source: owner, keySource: inBedSource))
        }
        return .success(drafts)
    }
}
