import HealthDomain
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
        let elements: [IngestElement] = samples.enumerated().map { index, element in
            let value: IngestElement.Value = switch catalogRole(metric) {
            case .workouts: workout(element, context)
            case .activitySummaries: activitySummary(element, context)
            case .samples: sample(element, context)
            }
            return IngestElement(value, index: index, path: "samples[\(index)]")
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
