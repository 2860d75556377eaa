import HealthDomain
import JSON

/// The adapter of Health Auto Export's REST API payload:
/// `{"data": {"metrics": [{"name", "units", "data": [...]}], "workouts": [...], ...}}`
/// (with `"workouts"` also accepted at the root beside `data`). It reads shapes only —
/// every value then passes ``SampleRules`` (metric names through the catalog's aliases,
/// units through its conversions) or ``WorkoutRules`` as a draft.
///
/// Points, by shape:
/// - `{date, qty, source}`: a quantity; with only `date` the sample is an instant, with
///   `startDate`/`endDate` it spans them;
/// - `{date, Min, Avg, Max}`: a summarised reading; `Avg` is the value and `Min`/`Max`
///   go to metadata as `readingMin`/`readingMax`, which the day's min and max honour
///   (so the day's min is the lowest `Min`, its max the highest `Max`, its average the
///   mean of `Avg`);
/// - `{date, systolic, diastolic}`: two samples, the sides of one blood-pressure reading;
/// - `{startDate, endDate, value}` (with `qty` ignored where it disagrees with the
///   times): a category segment, e.g. a sleep stage;
/// - an aggregated sleep night: see ``HealthAutoExportSleep``;
/// - the per-stage sleep metrics (`sleep_deep`, `sleep_rem`, `sleep_core`, `sleep_awake`,
///   `sleep_unspecified`, `sleep_in_bed`; `{date, qty}` in hours): a segment of that
///   stage from `date`;
/// - anything else, and every other array under `data` (state of mind, medications,
///   symptoms, ECG, heart-rate notifications, cycle tracking): stored raw under its own
///   name with its fields in metadata — never dropped.
///
/// Samples carry no ids: keys are derived by ``SampleRules`` (metric, source, start,
/// end), so a re-sent window is `unchanged`. Dates give the zone: see
/// ``HealthAutoExportDate``.
public enum HealthAutoExportAdapter {
    /// Per-stage sleep metric names and the stage each stands for.
    public static let stageMetrics: [String: String] = [
        "sleep_deep": "asleepDeep", "sleep_rem": "asleepREM", "sleep_core": "asleepCore", "sleep_awake": "awake",
        "sleep_unspecified": "asleep", "sleep_asleep": "asleep", "sleep_in_bed": "inBed", "sleep_inbed": "inBed",
    ]

    /// Seconds per unit of a per-stage sleep duration.
    static let durationSeconds: [String: Double] = ["hr": 3600, "h": 3600, "hours": 3600, "hour": 3600, "min": 60, "minutes": 60, "s": 1, "sec": 1]

    /// Field names of HAE's points, for issues.
    static func fieldNames(start: String, end: String, value: String) -> SampleDraft.FieldNames {
        var names = SampleDraft.FieldNames()
        names.sampleKey = "sampleKey"
        names.metric = "name"
        names.start = start
        names.end = end
        names.value = value
        names.categoryValue = "value"
        names.unit = "units"
        names.sourceName = "source"
        names.timezone = start
        names.metadata = "metadata"
        return names
    }

    /// Everything of one body. `workoutsOnly` reads only workouts (`POST /health/workouts`).
    public static func read(_ root: [String: JSONValue], workoutsOnly: Bool = false, catalog: MetricCatalog = .standard) -> HealthAutoExportPayload {
        var payload = HealthAutoExportPayload()
        let data = root["data"]?.objectValue ?? [:]
        if !workoutsOnly {
            if case .array(let entries)? = data["metrics"] {
                for (index, entry) in entries.enumerated() {
                    metricEntry(entry, path: "data.metrics[\(index)]", catalog: catalog, into: &payload)
                }
            }
            for key in data.keys.sorted() where key != "metrics" && key != "workouts" {
                guard case .array(let elements)? = data[key] else { continue }
                for (index, element) in elements.enumerated() {
                    payload.received += 1
                    otherEntry(element, kind: key, path: "data.\(key)[\(index)]", into: &payload)
                }
            }
        }
        for (container, path) in [(data["workouts"], "data.workouts"), (root["workouts"], "workouts")] {
            guard case .array(let elements)? = container else { continue }
            for (index, element) in elements.enumerated() {
                payload.received += 1
                let itemPath = "\(path)[\(index)]"
                guard let members = element.objectValue else {
                    payload.reject(ValidationIssue(field: itemPath, code: "type", message: "\(itemPath) must be an object (got \(element.typeName))"), kind: .workout, path: itemPath)
                    continue
                }
                payload.workouts += 1
                payload.elements.append(IngestElement(.workout(HealthAutoExportWorkout.draft(members, path: itemPath)), index: index, path: itemPath))
            }
        }
        return payload
    }

    /// One `{name, units, data}` entry.
    static func metricEntry(_ entry: JSONValue, path: String, catalog: MetricCatalog, into payload: inout HealthAutoExportPayload) {
        guard let members = entry.objectValue else {
            payload.received += 1
            payload.reject(ValidationIssue(field: path, code: "type", message: "\(path) must be an object {name, units, data} (got \(entry.typeName))"), path: path)
            return
        }
        guard let name = members["name"]?.stringValue, !name.isEmpty else {
            payload.received += 1
            payload.reject(ValidationIssue(field: "\(path).name", code: "required", message: "\(path).name is required (the metric's name)"), path: path)
            return
        }
        guard case .array(let points)? = members["data"] else {
            payload.received += 1
            let got = members["data"].map { "got \($0.typeName)" } ?? "missing"
            payload.reject(ValidationIssue(field: "\(path).data", code: members["data"] == nil ? "required" : "type",
                                           message: "\(path).data must be an array of points (\(got)) for metric '\(name.prefix(64))'"), path: path)
            return
        }
        let units = members["units"]?.stringValue
        let metricName = catalog.resolve(name) != nil || Metric.isWellFormedName(name) ? name : rawName(name)
        let stage = stageMetrics[metricName.lowercased()]
        for (index, point) in points.enumerated() {
            payload.received += 1
            let pointPath = "\(path).data[\(index)]"
            guard let fields = point.objectValue else {
                payload.reject(ValidationIssue(field: pointPath, code: "type", message: "\(pointPath) must be an object (got \(point.typeName))"), path: pointPath)
                continue
            }
            let drafts = HealthAutoExportSleep.isNight(fields) && stage == nil
                ? HealthAutoExportSleep.drafts(fields, metric: metricName, path: pointPath)
                : self.point(fields, metric: metricName, units: units, stage: stage, path: pointPath)
            switch drafts {
            case .success(let drafts): for draft in drafts { payload.add(draft, path: pointPath, entryPath: path) }
            case .failure(let issue): payload.reject(issue, path: pointPath)
            }
        }
    }

    /// The drafts of one point of a metric entry.
    static func point(_ fields: [String: JSONValue], metric: String, units: String?, stage: String?, path: String) -> Result<[SampleDraft], ValidationIssue> {
        let startKey = fields["startDate"] != nil ? "startDate" : "date"
        let start: HealthAutoExportDate
        switch date(fields, startKey, path: path) {
        case .success(let parsed?): start = parsed
        case .success(nil): return .failure(ValidationIssue(field: "\(path).date", code: "required", message: "\(path).date is required"))
        case .failure(let issue): return .failure(issue)
        }
        var end = start
        if fields["endDate"] != nil {
            switch date(fields, "endDate", path: path) {
            case .success(let parsed?): end = parsed
            case .success(nil): break
            case .failure(let issue): return .failure(issue)
            }
        }
        let source = fields["source"]?.stringValue
        var consumed: Set<String> = ["date", "startDate", "endDate", "source", "units"]
        func draft(_ name: String, value: Double?, unit: String?, category: String? = nil, valueField: String, endMs: Int64? = nil) -> SampleDraft {
            SampleDraft(metricName: name, startTimeMs: start.ms, endTimeMs: endMs ?? end.ms, value: value, unit: unit, categoryValue: category,
                        sourceName: source, timezone: start.zone, issues: [],
                        fields: fieldNames(start: startKey, end: fields["endDate"] != nil ? "endDate" : startKey, value: valueField))
        }
        var drafts: [SampleDraft]
        if let stage {
            // A per-stage sleep metric: `qty` is the stage's duration from `date`, unless the point has its own end.
            consumed.insert("qty")
            guard let qty = fields["qty"]?.doubleValue else {
                return .failure(ValidationIssue(field: "\(path).qty", code: "required", message: "\(path).qty (the stage's duration) is required"))
            }
            guard let seconds = durationSeconds[(units ?? "hr").lowercased()] else {
                return .failure(ValidationIssue(field: "\(path).units", code: "unknown_value", message: "units '\(units ?? "")' is not accepted for \(metric); use one of 'hr', 'min', 's'"))
            }
            // A stage lasts at most two days; a longer or non-finite one would overflow as milliseconds.
            guard (0...(48 * 3600)).contains(qty * seconds) else {
                return .failure(ValidationIssue(field: "\(path).qty", code: "range", message: "\(path).qty must be a duration of 0–48 hours (got \(NumberText.format(qty)) \(units ?? "hr"))"))
            }
            let endMs = fields["endDate"] != nil ? end.ms : start.ms + Int64((qty * seconds * 1000).rounded())
            drafts = [draft("sleep_segment", value: qty, unit: units ?? "hr", category: stage, valueField: "qty", endMs: endMs)]
        } else if fields["systolic"] != nil || fields["diastolic"] != nil {
            consumed.formUnion(["systolic", "diastolic"])
            drafts = []
            for side in ["systolic", "diastolic"] {
                var one = draft("blood_pressure_\(side)", value: fields[side]?.doubleValue, unit: units ?? "mmHg", valueField: side)
                // Both sides share the canonical metric, time and source; HealthKit keeps them as two
                // quantity types, so each side's key is derived under that type's name.
                one.derivedKey = SampleKey.derived(metric: Metric(rawValue: "blood_pressure_\(side)"), source: source ?? "unknown",
                                                   startTimeMs: start.ms, endTimeMs: end.ms)
                if fields[side] == nil { one.issues.append(ValidationIssue(field: side, code: "required", message: "\(side) is required beside the other side")) }
                drafts.append(one)
            }
        } else if fields["Avg"] != nil || fields["Min"] != nil || fields["Max"] != nil {
            consumed.formUnion(["Avg", "Min", "Max"])
            let avg = fields["Avg"]?.doubleValue
            var one = draft(metric, value: avg, unit: units, valueField: "Avg")
            var extra: [String: JSONValue] = [:]
            if let low = fields["Min"]?.doubleValue, let avg, low < avg { extra["readingMin"] = .number(low) }
            if let high = fields["Max"]?.doubleValue, let avg, high > avg { extra["readingMax"] = .number(high) }
            one.metadata = .object(extra)
            drafts = [one]
        } else if let category = fields["value"]?.stringValue {
            // A segment: start and end win over a `qty` that disagrees with them.
            consumed.formUnion(["value", "qty"])
            drafts = [draft(metric, value: nil, unit: units ?? "hr", category: category, valueField: "value")]
        } else if fields["qty"] != nil {
            consumed.insert("qty")
            var one = draft(metric, value: nil, unit: units, valueField: "qty")
            if let qty = fields["qty"]?.doubleValue { one.value = qty } else {
                one.issues.append(ValidationIssue(field: "qty", code: "type", message: "qty must be a number (got \(fields["qty"]?.typeName ?? "nothing"))"))
            }
            drafts = [one]
        } else {
            // A shape this adapter does not know: kept raw under its own name, fields in metadata.
            var one = draft(rawName(metric), value: nil, unit: units ?? "unknown", category: "entry", valueField: "qty")
            one.metricName = "hae_" + rawName(metric)
            drafts = [one]
        }
        let rest = compactMetadata(fields.filter { !consumed.contains($0.key) })
        for index in drafts.indices {
            var members = drafts[index].metadata?.objectValue ?? [:]
            for (key, value) in rest { members[key] = value }
            if !members.isEmpty { drafts[index].metadata = .object(members) } else { drafts[index].metadata = nil }
        }
        return .success(drafts)
    }

    /// An element of another array under `data` (state of mind, medications, symptoms,
    /// ECG, notifications, cycle tracking): one raw sample named `hae_<array>`.
    static func otherEntry(_ element: JSONValue, kind: String, path: String, into payload: inout HealthAutoExportPayload) {
        guard let fields = element.objectValue else {
            payload.reject(ValidationIssue(field: path, code: "type", message: "\(path) must be an object (got \(element.typeName))"), path: path)
            return
        }
        let startKey = ["start", "startDate", "date", "timestamp", "end", "endDate"].first { fields[$0] != nil && fields[$0]?.isNull == false }
        guard let startKey else {
            payload.reject(ValidationIssue(field: "\(path).start", code: "required", message: "\(path) has no date (start, startDate, date or timestamp)"), path: path)
            return
        }
        guard let start = instant(fields[startKey]) else {
            payload.reject(ValidationIssue(field: "\(path).\(startKey)", code: "format", message: "\(path).\(startKey) is not a date; expected \(HealthAutoExportDate.expected) or epoch seconds"), path: path)
            return
        }
        let endKey = ["end", "endDate"].first { fields[$0] != nil && $0 != startKey }
        let end = endKey.flatMap { instant(fields[$0]) }.map { $0.ms >= start.ms ? $0 : start } ?? start
        let category = ["value", "kind", "name", "classification", "type", "severity"].lazy.compactMap { fields[$0]?.stringValue }.first ?? "entry"
        let number = ["qty", "valence", "value", "averageHeartRate"].lazy.compactMap { fields[$0]?.doubleValue }.first
        var draft = SampleDraft(metricName: "hae_" + rawName(kind), startTimeMs: start.ms, endTimeMs: end.ms, value: number, unit: fields["units"]?.stringValue ?? "unknown",
                                categoryValue: String(category.prefix(64)), sourceName: fields["source"]?.stringValue, timezone: start.zone,
                                fields: fieldNames(start: startKey, end: endKey ?? startKey, value: "qty"))
        let metadata = compactMetadata(fields)
        draft.metadata = metadata.isEmpty ? nil : .object(metadata)
        payload.add(draft, path: path, entryPath: path)
    }

    /// A date member: HAE's text, or epoch seconds/milliseconds (heart-rate notifications).
    static func instant(_ value: JSONValue?) -> HealthAutoExportDate? {
        switch value {
        case .string(let text)?: return HealthAutoExportDate.parse(text)
        case .number(let number)? where number.isFinite && number > 0 && number < 4.2e15:
            let ms = number < 100_000_000_000 ? number * 1000 : number
            return HealthAutoExportDate(ms: Int64(ms), offsetSeconds: 0)
        default: return nil
        }
    }

    static func date(_ fields: [String: JSONValue], _ key: String, path: String) -> Result<HealthAutoExportDate?, ValidationIssue> {
        guard let value = fields[key], !value.isNull else { return .success(nil) }
        guard let text = value.stringValue else {
            return .failure(ValidationIssue(field: "\(path).\(key)", code: "type", message: "\(path).\(key) must be a date string (got \(value.typeName))"))
        }
        guard let parsed = HealthAutoExportDate.parse(text) else {
            return .failure(ValidationIssue(field: "\(path).\(key)", code: "format", message: "\(path).\(key) '\(text.prefix(64))' is not a date; expected \(HealthAutoExportDate.expected)"))
        }
        return .success(parsed)
    }

    /// `Heart Rate Variability` → `heart_rate_variability`, `stateOfMind` →
    /// `state_of_mind`: a name the raw store accepts.
    static func rawName(_ name: String) -> String {
        var out = ""
        var lastUnderscore = true
        var lastLower = false
        for scalar in name.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                if lastLower { out.append("_") }
                out.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                lastUnderscore = false
                lastLower = false
            } else if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
                lastUnderscore = false
                lastLower = true
            } else if !lastUnderscore {
                lastLower = false
                out.append("_")
                lastUnderscore = true
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        if out.isEmpty || !(out.first.map { ("a"..."z").contains($0) } ?? false) { out = "m_" + out }
        return String(out.prefix(56))
    }

    /// The members as metadata within the stored size: everything when it fits, else
    /// scalars only with the names of what was left out.
    static func compactMetadata(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        guard !fields.isEmpty else { return [:] }
        if JSONWriter.string(.object(fields)).utf8.count <= SampleRules.maxMetadataBytes - 256 { return fields }
        var out: [String: JSONValue] = [:]
        var omitted: [JSONValue] = []
        for (key, value) in fields {
            switch value {
            case .string(let text) where text.utf8.count <= 256: out[key] = value
            case .number, .bool: out[key] = value
            default: omitted.append(.string(key))
            }
        }
        out["omitted"] = .array(omitted.sorted { ($0.stringValue ?? "") < ($1.stringValue ?? "") })
        return out
    }
}
