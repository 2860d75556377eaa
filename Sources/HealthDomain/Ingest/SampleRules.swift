import JSON

/// The one set of rules every ingested sample passes, whatever wire format it came in:
/// lengths, the time window and order, a known time zone, the metric resolved through
/// the catalog (aliases included), its unit converted to the canonical unit, and the
/// plausible range checked on the converted value.
///
/// Every rule is checked and every issue reported (in field order), so a client fixes a
/// sample in one round trip.
public struct SampleRules: Sendable {
    /// Earliest accepted instant: the Unix epoch.
    public static let earliestMs: Int64 = 0
    /// Latest accepted instant: 2100-01-01T00:00:00Z.
    public static let latestMs: Int64 = 4_102_444_800_000
    /// Longest serialized `metadata` object kept with a sample.
    public static let maxMetadataBytes = 4_096

    /// The metric table names are resolved against.
    public let catalog: MetricCatalog

    /// Rules over `catalog`.
    public init(catalog: MetricCatalog = .standard) { self.catalog = catalog }

    /// A stored sample from `draft`, or every issue found.
    public func validate(_ draft: SampleDraft) -> SampleValidation {
        let names = draft.fields
        var check = IssueList(draft.issues)

        // A draft without a key gets a derived one (see ``SampleKey``); formats that
        // require a key report its absence themselves.
        let sampleKey = check.length(draft.sampleKey, names.sampleKey, 1...256)

        var metric: Metric?
        var spec: MetricSpec?
        var impliedCategory: String?
        if let name = check.length(draft.metricName, names.metric, 1...64) {
            if let found = catalog.resolveWithCategory(name) {
                spec = found.spec
                metric = found.spec.metric
                impliedCategory = found.category
            } else if Metric.isWellFormedName(name) {
                metric = Metric(rawValue: name)
            } else {
                check.add(names.metric, "format", "metric '\(name)' must match ^[a-z][a-z0-9_]{0,63}$ (lowercase letter, then lowercase letters, digits or underscores) or be a name the catalog knows")
            }
        } else {
            check.require(names.metric, when: draft.metricName == nil)
        }

        let start = check.instant(draft.startTimeMs, names.start)
        let end = check.instant(draft.endTimeMs, names.end)
        if let start, let end, end < start {
            check.add(names.end, "order", "\(names.end) must be ≥ \(names.start) (got \(end) < \(start))")
        }
        var categoryValue = check.length(draft.categoryValue, names.categoryValue, 1...64) ?? impliedCategory
        var unit = check.length(draft.unit, names.unit, 1...32)
        // A percentage sent without a unit is HealthKit's percent unit: a 0–1 fraction.
        if draft.unit == nil, let units = spec?.units, units.canonical == "%" { unit = "fraction" }
        check.require(names.unit, when: draft.unit == nil && unit == nil)
        let sourceName = check.length(draft.sourceName, names.sourceName, 0...256)
        let sourceBundleId = check.length(draft.sourceBundleId, names.sourceBundleId, 0...256)
        let device = check.length(draft.device, names.device, 0...256)
        var timezone = check.length(draft.timezone, names.timezone, 1...64)
        check.require(names.timezone, when: draft.timezone == nil)
        if let zone = timezone, !KnownTimeZones.contains(zone) {
            check.add(names.timezone, "timezone", "\(names.timezone) '\(zone)' is not a known IANA time zone (use a name such as 'Europe/Berlin' or 'America/New_York')")
            timezone = nil
        }
        let syncIdentifier = check.length(draft.syncIdentifier, names.syncIdentifier, 0...256)
        var metadata = check.metadata(draft.metadata, names.metadata)

        var value = draft.value
        var storedUnit = unit
        if let metric {
            applyKindRules(spec, metric: metric, names: names, value: &value, unit: &storedUnit, categoryValue: &categoryValue, check: &check)
        }
        // A converted value keeps what was sent beside it, so the raw sample still says
        // "11.5 st" or "98.6 degF" (a spelling of the same unit, `Cal` for kcal, is not a conversion).
        if let sent = draft.value, let converted = value, converted != sent, !check.has(names.metadata) {
            metadata = Self.keepingSent(sent, unit: draft.unit, in: draft.metadata)
        }

        let source = sourceName?.isEmpty == false ? sourceName : nil
        let bundle = sourceBundleId?.isEmpty == false ? sourceBundleId : nil
        guard check.isEmpty, let metric, let start, let end, let storedUnit, let timezone else {
            return .invalid(check.sorted(by: names.ordered))
        }
        let key = sampleKey ?? draft.derivedKey ?? SampleKey.derived(metric: metric, source: source ?? bundle ?? "unknown", startTimeMs: start, endTimeMs: end)
        return .valid(
            Sample(
                sampleKey: key, metric: metric, startTimeMs: start, endTimeMs: end, valueNumber: value,
                categoryValue: categoryValue, unit: storedUnit,
                // An empty string carries no identity; store it as absent.
                sourceName: source, sourceBundleId: bundle, timezone: timezone,
                syncIdentifier: syncIdentifier?.isEmpty == false ? syncIdentifier : nil,
                device: device?.isEmpty == false ? device : nil, metadata: metadata))
    }

    /// ``validate(_:)`` for one sample of a request: an id-less sample (no ``SampleDraft/sampleKey``)
    /// gets the key of its occurrence among the request's id-less samples with the same
    /// derived key (see ``SampleOccurrences``). Every adapter validates through this, so
    /// two entries at one instant count twice on every path. A rejected draft takes no
    /// place: the valid samples of a re-sent request get the same keys.
    public func validate(_ draft: SampleDraft, occurrences: inout SampleOccurrences) -> SampleValidation {
        let result = validate(draft)
        guard draft.sampleKey == nil, case .valid(var sample) = result else { return result }
        sample.sampleKey = occurrences.key(for: sample.sampleKey)
        return .valid(sample)
    }

    /// Value, unit and category rules that depend on the metric's kind (nil: stored raw).
    private func applyKindRules(
        _ spec: MetricSpec?, metric: Metric, names: SampleDraft.FieldNames, value: inout Double?, unit: inout String?,
        categoryValue: inout String?, check: inout IssueList
    ) {
        guard let spec else {
            if value == nil, categoryValue == nil, !check.has(names.value), !check.has(names.categoryValue) {
                check.add(names.value, "required", "\(names.value) (or \(names.categoryValue) for a category metric) is required for metric '\(metric.rawValue)'")
            }
            return
        }
        // Category values: resolved by name, alias or HealthKit number, stored by name.
        if let sent = categoryValue, let values = spec.categories {
            if let known = values.value(named: sent) {
                categoryValue = known.name
            } else {
                let allowed = values.map(\.name).joined(separator: ", ")
                check.add(names.categoryValue, "unknown_value", "\(names.categoryValue) '\(sent)' is not a value of \(metric.rawValue); expected one of \(allowed)")
            }
        } else if categoryValue == nil, spec.kind.takesCategory, !check.has(names.categoryValue) {
            check.add(names.categoryValue, "required", "\(names.categoryValue) is required for metric \(metric.rawValue)")
        }
        if value == nil, spec.kind.takesNumber, !check.has(names.value) {
            check.add(names.value, "required", "\(names.value) is required for metric \(metric.rawValue)")
        }
        guard let sentUnit = unit, let units = spec.units else { return }
        guard let conversion = units.conversion(for: sentUnit) else {
            check.add(names.unit, "unknown_value", Self.unitMessage(spec, sentUnit))
            return
        }
        guard let given = value else { return }
        var converted = conversion.canonical(given)
        // `%` means 0–100, except that a value ≤ 1 where the plausible range rules that
        // out (SpO2, body fat) is HealthKit's 0–1 fraction; both land on 0–100.
        if units.canonical == "%", sentUnit == "%", given <= 1, let range = spec.plausibleRange, range.lowerBound > 1 {
            converted = given * 100
        }
        if let range = spec.plausibleRange, !range.contains(converted) {
            let canonicalUnit = units.canonical
            let sent = sentUnit == canonicalUnit ? "" : " (\(NumberText.format(given)) \(sentUnit))"
            check.add(names.value, "range", "\(names.value) \(NumberText.format(converted)) \(canonicalUnit)\(sent) is outside the plausible range \(NumberText.format(range.lowerBound))…\(NumberText.format(range.upperBound)) \(canonicalUnit) for \(metric.rawValue)")
        }
        value = converted
        unit = units.canonical
    }

    /// The sample's metadata with the value and unit as sent (`sentValue`, `sentUnit`).
    static func keepingSent(_ value: Double, unit: String?, in metadata: JSONValue?) -> String {
        var members = metadata?.objectValue ?? [:]
        members["sentValue"] = .number(value)
        if let unit { members["sentUnit"] = .string(unit) }
        return JSONWriter.string(.object(members))
    }

    /// "unit 'lb' is not accepted for step_count; use one of 'count', 'steps', 'step'".
    public static func unitMessage(_ spec: MetricSpec, _ unit: String) -> String {
        let accepted = (spec.units?.names ?? []).map { "'\($0)'" }.joined(separator: ", ")
        return "unit '\(unit)' is not accepted for \(spec.metric.rawValue); use one of \(accepted)"
    }
}

/// Issues collected while checking one draft.
struct IssueList {
    private(set) var issues: [ValidationIssue]

    init(_ issues: [ValidationIssue]) { self.issues = issues }

    var isEmpty: Bool { issues.isEmpty }

    func has(_ field: String) -> Bool { issues.contains { $0.field == field } }

    mutating func add(_ field: String, _ code: String, _ message: String) {
        issues.append(ValidationIssue(field: field, code: code, message: message))
    }

    /// A `required` issue for `field` when `missing` and the wire reported nothing for it.
    mutating func require(_ field: String, when missing: Bool) {
        if missing, !has(field) { add(field, "required", "\(field) is required") }
    }

    /// `text` when its length in Unicode scalars lies in `length`; an issue otherwise.
    mutating func length(_ text: String?, _ field: String, _ length: ClosedRange<Int>) -> String? {
        guard let text else { return nil }
        // Scalars never outnumber UTF-8 bytes: a short text passes without counting them.
        let bytes = text.utf8.count
        if bytes <= length.upperBound, bytes >= length.lowerBound, length.lowerBound <= 1 || bytes == 0 || text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text
        }
        let count = text.unicodeScalars.count
        guard length.contains(count) else {
            let rule = length.lowerBound == length.upperBound ? "\(length.lowerBound)"
                : length.lowerBound == 0 ? "at most \(length.upperBound)"
                : "\(length.lowerBound)–\(length.upperBound)"
            add(field, "length", "\(field) must be \(rule) characters long (got \(count))")
            return nil
        }
        return text
    }

    /// An instant inside the accepted window, or a `required`/`range` issue.
    mutating func instant(_ ms: Int64?, _ field: String) -> Int64? {
        guard let ms else {
            require(field, when: true)
            return nil
        }
        guard ms >= SampleRules.earliestMs, ms < SampleRules.latestMs else {
            add(field, "range", "\(field) must lie between 1970-01-01 and 2100-01-01 (got \(ms))")
            return nil
        }
        return ms
    }

    /// Metadata as compact JSON text with sorted keys: an object of at most
    /// ``SampleRules/maxMetadataBytes`` bytes.
    mutating func metadata(_ value: JSONValue?, _ field: String) -> String? {
        guard let value, !value.isNull else { return nil }
        guard case .object(let members) = value else {
            add(field, "type", "\(field) must be an object (got \(value.typeName))")
            return nil
        }
        if members.isEmpty { return nil }
        let text = JSONWriter.string(value)
        guard text.utf8.count <= SampleRules.maxMetadataBytes else {
            add(field, "length", "\(field) must serialize to at most \(SampleRules.maxMetadataBytes) bytes (got \(text.utf8.count))")
            return nil
        }
        return text
    }

    /// The issues ordered by field (in `order`), keeping their order within a field.
    func sorted(by order: [String]) -> [ValidationIssue] {
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return issues.enumerated().sorted { a, b in
            let ra = rank[a.element.field] ?? -1, rb = rank[b.element.field] ?? -1
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }
}
