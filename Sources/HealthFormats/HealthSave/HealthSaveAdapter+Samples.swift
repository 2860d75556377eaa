import HealthDomain
import JSON

extension HealthSaveAdapter {
    // MARK: Samples

    /// The source name the app gives day totals taken from HealthKit's statistics.
    static let statisticsSource = "HealthKit Statistics"

    func sample(_ element: JSONValue, _ context: Context) -> IngestElement.Value {
        guard case .object(let m) = element else {
            return .invalid(.sample, [ValidationIssue(field: "samples", code: "type", message: "each sample must be a JSON object (got \(element.typeName))")])
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
}
