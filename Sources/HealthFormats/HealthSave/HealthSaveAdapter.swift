import JSON

/// Maps a HealthSave batch body onto ``HealthSaveBatch``: every sample shape the app
/// sends (quantities, sleep, blood pressure pairs, category events, ECG, heartbeat
/// series, unknown metrics kept raw), workouts and activity summaries.
///
/// Local days: an instant written in UTC (`Z`) takes `defaultZone` (the server's
/// `--timezone`), never its UTC date; a sample's `tzOffsetMinutes` or a non-zero written
/// offset is where it was taken — `defaultZone` when that zone has the same offset at
/// that instant, else the fixed-offset zone (`UTC+09:00`).
public struct HealthSaveAdapter: Sendable {
    /// The metric table names resolve against.
    public let catalog: MetricCatalog
    /// The zone of instants written without an offset of their own.
    public let defaultZone: String
    /// Offsets of `defaultZone`, to prefer its name when a written offset matches it.
    public let clock: ZoneClock

    /// An adapter over `catalog`, reading `Z` instants in `defaultZone`.
    public init(catalog: MetricCatalog = .standard, defaultZone: String = "UTC", clock: ZoneClock = .shared) {
        self.catalog = catalog
        self.defaultZone = defaultZone
        self.clock = clock
    }

    /// Sample members the draft's own fields carry; the rest go into metadata.
    static let consumed: Set<String> = [
        "date", "startDate", "endDate", "start", "end", "qty", "unit", "source", "uuid", "metric", "provider_object_id",
        "source_bundle_id", "metadata", "tzOffsetMinutes",
    ]

    /// The batch `root` describes, or the top-level field that makes it unreadable.
    public func read(_ root: JSONValue) throws(HealthSaveBatch.ShapeError) -> HealthSaveBatch {
        guard case .object(let top) = root else {
            throw .init(field: "body", message: "the body must be a JSON object like {\"metric\": \"heart_rate\", \"samples\": [...]}", rule: "type")
        }
        guard case .string(let metric)? = top["metric"], !metric.isEmpty, metric.count <= 64 else {
            throw .init(field: "metric", message: "'metric' is required: the HealthSave metric name of the batch (a string of 1–64 characters)", rule: "required")
        }
        try Self.checkTypes(top)
        let samples: [JSONValue]
        switch top["samples"] {
        case nil, .null?: samples = []
        case .array(let items)?: samples = items
        case let other?: throw .init(field: "samples", message: "'samples' must be an array (got \(other.typeName))", rule: "type")
        }
        var deletions: [String] = []
        var deletionsReceived = 0
        switch top["deletions"] {
        case nil, .null?: break
        case .array(let items)?:
            deletionsReceived = items.count
            var seen = Set<String>()
            for item in items {
                let id = item.stringValue ?? item["uuid"]?.stringValue ?? item["provider_object_id"]?.stringValue
                if let id, (1...256).contains(id.count), seen.insert(id).inserted { deletions.append(id) }
            }
        case let other?: throw .init(field: "deletions", message: "'deletions' must be an array of {\"uuid\": …} (got \(other.typeName))", rule: "type")
        }
        let device = top["device"]
        let context = Context(
            metric: metric,
            deviceName: nonEmpty(device?["name"]?.stringValue),
            deviceModel: nonEmpty(device?["model"]?.stringValue),
            bundleId: nonEmpty(top["source_bundle_id"]?.stringValue))
        let elements: [HealthSaveBatch.Element]
        switch catalogRole(metric) {
        case .workouts: elements = samples.map { workout($0, context) }
        case .activitySummaries: elements = samples.map { activitySummary($0, context) }
        case .samples: elements = samples.map { sample($0, context) }
        }
        return HealthSaveBatch(
            metric: metric, batchIndex: top["batch_index"]?.int64Value.map { Int($0) },
            totalBatches: top["total_batches"]?.int64Value.map { Int($0) },
            schemaVersion: top["schema_version"]?.int64Value.map { Int($0) } ?? 1,
            clientPlatform: top["client_platform"]?.stringValue, elements: elements, deletions: deletions,
            deletionsReceived: deletionsReceived)
    }

    /// The batch-level members the contract types, checked so that a body the published
    /// schema refuses is refused here too (400), not half read. Null counts as absent.
    static func checkTypes(_ top: [String: JSONValue]) throws(HealthSaveBatch.ShapeError) {
        func check(_ value: JSONValue?, _ field: String, _ expected: String, _ fits: (JSONValue) -> Bool) throws(HealthSaveBatch.ShapeError) {
            guard let value, !value.isNull else { return }
            guard fits(value) else { throw .init(field: field, message: "'\(field)' must be \(expected) (got \(value.typeName))", rule: "type") }
        }
        for field in ["schema_version", "client_schema_version"] {
            try check(top[field], field, "an integer", { value in value.doubleValue.map { $0.isFinite && $0 == $0.rounded() } ?? false })
        }
        // A batch position or count below zero would be reported back in receipts as is.
        for field in ["batch_index", "total_batches"] {
            try check(top[field], field, "an integer ≥ 0", { value in value.doubleValue.map { $0.isFinite && $0 == $0.rounded() && $0 >= 0 } ?? false })
        }
        for field in ["source_bundle_id", "client_platform", "bridge_install_id"] {
            try check(top[field], field, "a string", { $0.stringValue != nil })
        }
        try check(top["device"], "device", "an object {name, model}", { $0.objectValue != nil })
        if case .object(let device)? = top["device"] {
            for field in ["name", "model"] { try check(device[field], "device.\(field)", "a string", { $0.stringValue != nil }) }
        }
    }

    /// What the batch-level facts give every sample.
    struct Context {
        var metric: String
        var deviceName: String?
        var deviceModel: String?
        var bundleId: String?

        /// A missing source is never a rejection: the batch's device, else `unknown`.
        var fallbackSource: String { deviceName ?? "unknown" }
    }

    enum Role { case samples, workouts, activitySummaries }

    func catalogRole(_ metric: String) -> Role {
        switch metric {
        case "workouts", "workout": .workouts
        case "activity_summaries", "activity_summary": .activitySummaries
        default: .samples
        }
    }

    // MARK: Samples

    /// The source name the app gives day totals taken from HealthKit's statistics.
    static let statisticsSource = "HealthKit Statistics"

    func sample(_ element: JSONValue, _ context: Context) -> HealthSaveBatch.Element {
        guard case .object(let m) = element else {
            return .invalid([ValidationIssue(field: "samples", code: "type", message: "each sample must be a JSON object (got \(element.typeName))")])
        }
        var names = SampleDraft.FieldNames()
        names.sampleKey = "uuid"
        names.value = "qty"
        names.categoryValue = "value"
        names.sourceName = "source"
        names.sourceBundleId = "source_bundle_id"
        names.timezone = "tzOffsetMinutes"
        var issues: [ValidationIssue] = []

        let inner = nonEmpty(m["metric"]?.stringValue)
        let sentName = inner ?? context.metric
        let resolved = catalog.resolveWithCategory(sentName)
        // A name the catalog does not know is stored raw under a well-formed spelling,
        // never refused for its spelling ("Heartbeat Series" → heartbeat_series).
        let name = resolved == nil ? Self.rawMetricName(sentName) : sentName
        let spec = resolved?.spec

        let startField = m["startDate"] != nil ? "startDate" : m["date"] != nil ? "date" : "start"
        let endField = m["endDate"] != nil ? "endDate" : m["end"] != nil ? "end" : startField
        names.start = startField
        names.end = endField
        let startParsed = instant(m[startField], startField, &issues)
        let start = startParsed?.ms
        let end = endField == startField ? start : instant(m[endField], endField, &issues)?.ms

        let source = nonEmpty(m["source"]?.stringValue) ?? context.fallbackSource
        let bundle = nonEmpty(m["source_bundle_id"]?.stringValue) ?? context.bundleId
        let model = nonEmpty(m["device_model"]?.stringValue)
        let maker = nonEmpty(m["device_manufacturer"]?.stringValue)
        let device = model.map { model in maker.map { "\($0) \(model)" } ?? model } ?? context.deviceModel

        let zone = zoneName(startParsed, m["tzOffsetMinutes"], &issues)

        var value = number(m["qty"])
        var category: String?
        var unit = nonEmpty(m["unit"]?.stringValue)
        switch spec?.kind {
        case .sleep?:
            // The stage is `value`: HealthKit's integer or the app's words ("Core", "In Bed").
            category = categoryText(m["value"]) ?? categoryText(m["qty"])
            value = nil
            unit = unit ?? "category"
        case .categoryDuration?:
            // `qty` is the duration in seconds; `rawValue` the HealthKit value, kept when the type knows it.
            category = knownCategory(spec, categoryText(m["rawValue"]))
            unit = unit ?? "s"
        case .categoryEvent?:
            // An instant event's `qty` is the raw category value; a timed one's is its duration.
            let raw = categoryText(m["rawValue"]) ?? (m["endDate"] == nil ? categoryText(m["qty"]) : nil) ?? categoryText(m["value"])
            category = knownCategory(spec, raw)
            unit = unit ?? (m["endDate"] == nil ? "count" : "s")
        case nil:
            // Unknown metrics, ECG and heartbeat series are kept raw with every field.
            value = value ?? number(m["value"]) ?? number(m["averageHeartRate"])
            category = value == nil ? (categoryText(m["value"]) ?? nonEmpty(m["classification"]?.stringValue) ?? "record") : nil
            unit = unit ?? "unspecified"
        case .some:
            if value == nil { value = number(m["value"]) }
            unit = unit ?? HealthSaveCatalog.defaultUnits[name] ?? spec?.units?.canonical
        }

        let key = nonEmpty(m["uuid"]?.stringValue) ?? nonEmpty(m["provider_object_id"]?.stringValue)
        // Without an id, the inner metric (a blood pressure side) joins the derived key.
        var derivedKey: String?
        if key == nil, let inner, let start, let end {
            let canonical = spec?.metric ?? Metric(rawValue: name)
            derivedKey = SampleKey.derived(metric: canonical, source: source, startTimeMs: start, endTimeMs: end, innerMetric: inner)
        }
        if key == nil, derivedKey == nil, m["uuid"] != nil, m["uuid"]?.isNull == false, m["uuid"]?.stringValue == nil {
            issues.append(ValidationIssue(field: "uuid", code: "type", message: "uuid must be a string"))
        }

        var draft = SampleDraft(
            sampleKey: key, metricName: name, startTimeMs: start, endTimeMs: end, value: value, unit: unit,
            categoryValue: category, sourceName: source, sourceBundleId: bundle, device: device, timezone: zone,
            metadata: metadata(m, skipping: Self.consumed), issues: issues, fields: names)
        draft.derivedKey = derivedKey
        // A total HealthKit's statistics already de-duplicated stands for its day; it is
        // not a sample spanning 24 hours (see DayTotal).
        if spec?.kind.isSummed == true, source == Self.statisticsSource || m["aggregation"]?.stringValue == "day_total" {
            return .dayTotal(draft, localDate: m["localDate"]?.stringValue.flatMap { DayKey($0) })
        }
        return .sample(draft)
    }

    /// `name` lowercased with every run of other characters turned into one `_`, so it
    /// matches the raw metric name rule (a lowercase letter first, at most 64 characters).
    static func rawMetricName(_ name: String) -> String {
        if Metric.isWellFormedName(name) { return name }
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty, !out.hasSuffix("_") {
                out += "_"
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        if out.first.map({ !("a"..."z").contains($0) }) ?? true { out = "m_" + out }
        return String(out.prefix(64))
    }

    /// A category value written as the app does: a string, or an integer written as its digits.
    func categoryText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return nonEmpty(text)
        case .number(let n)? where n == n.rounded() && abs(n) < 1e9: return String(Int(n))
        default: return nil
        }
    }

    /// `text` when the metric's values include it (or it takes any value); otherwise
    /// nil, and the raw value stays in the metadata.
    func knownCategory(_ spec: MetricSpec?, _ text: String?) -> String? {
        guard let text else { return nil }
        guard let values = spec?.categories else { return text }
        return values.value(named: text) != nil ? text : nil
    }

    // MARK: Workouts and rings

    func workout(_ element: JSONValue, _ context: Context) -> HealthSaveBatch.Element {
        guard case .object(let m) = element else {
            return .invalid([ValidationIssue(field: "workout", code: "type", message: "each workout must be a JSON object (got \(element.typeName))")])
        }
        var issues: [ValidationIssue] = []
        let startField = m["start"] != nil ? "start" : "startDate"
        let endField = m["end"] != nil ? "end" : "endDate"
        let startParsed = instant(m[startField], startField, &issues)
        let end = instant(m[endField], endField, &issues)?.ms
        let zone = zoneName(startParsed, m["tzOffsetMinutes"], &issues)
        guard issues.isEmpty, let start = startParsed?.ms, let end else { return .invalid(issues) }
        var out: [String: JSONValue] = [:]
        if let id = nonEmpty(m["uuid"]?.stringValue) ?? nonEmpty(m["provider_object_id"]?.stringValue) { out["workoutKey"] = .string(id) }
        let name = nonEmpty(m["name"]?.stringValue)
        let typeValue = m["activityType"] ?? m["workoutActivityType"] ?? name.map { JSONValue.string($0) }
        if let typeValue, typeValue.stringValue.map({ WorkoutActivityType.resolve($0) != nil }) ?? (typeValue.doubleValue != nil) {
            out["activityType"] = typeValue
        } else {
            out["activityType"] = "other"
        }
        if let name { out["name"] = .string(String(name.prefix(128))) }
        out["startTimeMs"] = .number(Double(start))
        out["endTimeMs"] = .number(Double(end))
        if let duration = number(m["duration"]) { out["durationSeconds"] = .number(duration) }
        if let energy = number(m["activeEnergy"]) ?? number(m["activeEnergy"]?["qty"]) { out["activeEnergy"] = .number(energy) }
        if let distance = number(m["distance"]) ?? number(m["distance"]?["qty"]) {
            // The app writes workout distances in metres.
            out["distance"] = .number(distance)
            out["distanceUnit"] = .string(nonEmpty(m["distanceUnit"]?.stringValue) ?? "m")
        }
        if let avg = number(m["avgHeartRate"]) { out["avgHeartRate"] = .number(avg) }
        if let max = number(m["maxHeartRate"]) { out["maxHeartRate"] = .number(max) }
        if let points = m["heartRateData"]?.arrayValue {
            out["heartRate"] = .array(points.map { point in
                let time = point["date"]?.stringValue.flatMap(HealthSaveDate.parse)?.ms
                return ["timeMs": time.map { .number(Double($0)) } ?? (point["date"] ?? .null),
                        "bpm": point["qty"] ?? point["avg"] ?? point["value"] ?? .null]
            })
        }
        if let points = m["route"]?.arrayValue {
            out["route"] = .array(points.map { point in
                let time = (point["timestamp"] ?? point["date"])?.stringValue.flatMap(HealthSaveDate.parse)?.ms
                var p: [String: JSONValue] = [
                    "timeMs": time.map { .number(Double($0)) } ?? (point["timestamp"] ?? .null),
                    "latitude": point["latitude"] ?? .null, "longitude": point["longitude"] ?? .null,
                ]
                if let altitude = point["altitude"], !altitude.isNull { p["altitude"] = altitude }
                return .object(p)
            })
        }
        out["sourceName"] = .string(nonEmpty(m["source"]?.stringValue) ?? context.fallbackSource)
        if let bundle = nonEmpty(m["source_bundle_id"]?.stringValue) ?? context.bundleId { out["sourceBundleId"] = .string(bundle) }
        if let device = context.deviceModel { out["device"] = .string(device) }
        out["timezone"] = .string(zone ?? defaultZone)
        let workoutFields: Set<String> = [
            "uuid", "provider_object_id", "activityType", "workoutActivityType", "name", "start", "end", "startDate", "endDate",
            "duration", "activeEnergy", "distance", "distanceUnit", "avgHeartRate", "maxHeartRate", "heartRateData", "route",
            "source", "source_bundle_id", "tzOffsetMinutes", "metadata",
        ]
        if let extra = metadata(m, skipping: workoutFields) { out["metadata"] = extra }
        return .workout(.object(out))
    }

    func activitySummary(_ element: JSONValue, _ context: Context) -> HealthSaveBatch.Element {
        guard case .object(var m) = element else {
            return .invalid([ValidationIssue(field: "activitySummary", code: "type", message: "each activity summary must be a JSON object (got \(element.typeName))")])
        }
        if m["day"] == nil, let date = m["localDate"]?.stringValue ?? m["date"]?.stringValue {
            if date.utf8.count == 10 {
                m["day"] = .string(date)
            } else if let parsed = HealthSaveDate.parse(date) {
                // Rings are dated by an instant at a local midnight, written in UTC by some
                // app versions: the day is that of the nearest local midnight.
                var issues: [ValidationIssue] = []
                let zone = zoneName(parsed, m["tzOffsetMinutes"], &issues) ?? defaultZone
                m["day"] = .string(clock.dayOfNearestMidnight(atMs: parsed.ms, zone: zone).description)
            } else {
                return .invalid([ValidationIssue(field: "date", code: "format", message: "date must be YYYY-MM-DD or an ISO 8601 instant (got '\(date.prefix(40))')")])
            }
        }
        if m["sourceName"] == nil, let source = nonEmpty(m["source"]?.stringValue) ?? context.deviceName { m["sourceName"] = .string(source) }
        return .activitySummary(.object(m))
    }

    // MARK: Fields

    /// The instant of an ISO 8601 member, recording an issue when it is unreadable.
    func instant(_ value: JSONValue?, _ field: String, _ issues: inout [ValidationIssue]) -> HealthSaveDate.Parsed? {
        guard let value, !value.isNull else {
            issues.append(ValidationIssue(field: field, code: "required", message: "\(field) is required (an ISO 8601 instant such as 2026-04-10T12:00:00Z)"))
            return nil
        }
        guard let text = value.stringValue, let parsed = HealthSaveDate.parse(text) else {
            issues.append(ValidationIssue(field: field, code: "format", message: "\(field) must be an ISO 8601 instant such as 2026-04-10T12:00:00Z or 2026-04-10T21:00:00.5+09:00 (got \(value.stringValue.map { "'\($0.prefix(40))'" } ?? value.typeName))"))
            return nil
        }
        return parsed
    }

    /// The zone of a sample starting at `start`: its `tzOffsetMinutes`, else the non-zero
    /// offset its start was written with, else ``defaultZone``.
    func zoneName(_ start: HealthSaveDate.Parsed?, _ tzOffsetMinutes: JSONValue?, _ issues: inout [ValidationIssue]) -> String? {
        guard let start else { return defaultZone }
        let ms = start.ms
        var seconds: Int? = start.offsetSeconds == 0 ? nil : start.offsetSeconds
        if let minutes = tzOffsetMinutes, !minutes.isNull {
            guard let whole = minutes.int64Value, abs(whole) <= 18 * 60 else {
                issues.append(ValidationIssue(field: "tzOffsetMinutes", code: "range", message: "tzOffsetMinutes must be a whole number of minutes between −1080 and 1080"))
                return nil
            }
            seconds = Int(whole) * 60
        }
        return zone(ms: ms, offsetSeconds: seconds)
    }

    /// ``defaultZone`` when `offsetSeconds` is nil or what that zone says at `ms`, else the fixed-offset zone.
    func zone(ms: Int64, offsetSeconds: Int?) -> String {
        guard let offsetSeconds else { return defaultZone }
        if clock.offsetSeconds(atMs: ms, zone: defaultZone) == offsetSeconds { return defaultZone }
        return FixedOffsetZone.name(offsetSeconds: offsetSeconds) ?? defaultZone
    }

    /// A number, or a string that spells one (some exporters quote numbers).
    func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let n)?: return n.isFinite ? n : nil
        case .string(let s)?: return Double(s).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// Every member not carried elsewhere, plus the sample's own `metadata` members, as
    /// one object; members are left out largest first (and named in `omittedFields`)
    /// until it fits the sample rules' size limit.
    func metadata(_ members: [String: JSONValue], skipping: Set<String>) -> JSONValue? {
        var out: [String: JSONValue] = [:]
        if case .object(let inner)? = members["metadata"] { out = inner }
        for (key, value) in members where !skipping.contains(key) && !value.isNull { out[key] = value }
        if let offset = members["tzOffsetMinutes"], !offset.isNull { out["tzOffsetMinutes"] = offset }
        guard !out.isEmpty else { return nil }
        let limit = SampleRules.maxMetadataBytes - 200
        if JSONWriter.string(.object(out)).utf8.count <= limit { return .object(out) }
        var omitted: [String] = []
        let bySize = out.map { ($0.key, JSONWriter.string($0.value).utf8.count) }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
        for (key, _) in bySize {
            out[key] = nil
            omitted.append(key)
            if JSONWriter.string(.object(out)).utf8.count + omitted.joined().utf8.count + 40 <= limit { break }
        }
        out["omittedFields"] = .array(omitted.sorted().map { .string($0) })
        return .object(out)
    }

    func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
