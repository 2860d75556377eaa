import HealthDomain
import JSON

extension AppleHealthExportAdapter {
    /// The draft of one `Record`.
    mutating func sample(_ record: PendingRecord) -> AppleHealthExportItem {
        let type = record["type"] ?? ""
        var draft = SampleDraft(fields: Self.fieldNames)
        var issues: [ValidationIssue] = []
        let resolved: (spec: MetricSpec, category: String?)?
        if let last = lastType, last.type == type {
            resolved = last.resolved
        } else {
            resolved = catalog.resolveWithCategory(type)
            lastType = (type, resolved)
        }
        let spec = resolved?.spec
        draft.metricName = resolved == nil ? (type.isEmpty ? nil : Self.rawMetricName(type)) : type

        let start = date(record["startDate"], "startDate", &issues)
        let end = date(record["endDate"], "endDate", &issues) ?? start
        draft.startTimeMs = start?.ms
        draft.endTimeMs = end?.ms
        draft.timezone = start.map { zoneName($0) }
        draft.sourceName = record["sourceName"].flatMap { $0.isEmpty ? nil : $0 }
        draft.device = record["device"].flatMap { deviceLabel($0) }

        let text = record["value"]
        let isCategory = type.hasPrefix("HKCategoryTypeIdentifier")
        let durationSeconds = start.flatMap { start in end.map { Double($0.ms - start.ms) / 1000 } }
        switch spec?.kind {
        case .sleep?:
            draft.categoryValue = text
            draft.unit = "category"
        case .categoryDuration?:
            draft.categoryValue = Self.knownCategory(spec, text)
            draft.value = durationSeconds
            draft.unit = "s"
        case .categoryEvent?:
            draft.categoryValue = Self.knownCategory(spec, text)
            if let durationSeconds, durationSeconds > 0 {
                draft.value = durationSeconds
                draft.unit = "s"
            } else {
                draft.unit = "count"
            }
        case nil where isCategory:
            draft.categoryValue = text.map { String($0.prefix(64)) } ?? "record"
            draft.unit = "category"
        default:
            if let text {
                if let number = Double(text), number.isFinite {
                    draft.value = number
                } else if spec == nil {
                    // A raw type whose value is a word (an unknown category written by a newer phone).
                    draft.categoryValue = String(text.prefix(64))
                } else {
                    issues.append(ValidationIssue(field: "value", code: "type", message: "value must be a number (got '\(text.prefix(40))')"))
                }
            }
            draft.unit = record["unit"].flatMap { $0.isEmpty ? nil : $0 } ?? (spec == nil ? "unspecified" : nil)
            if spec == nil, draft.value == nil, draft.categoryValue == nil { draft.categoryValue = "record" }
        }

        // Metadata entries are kept (bounded by the rules); identity entries become fields.
        var metadata: [String: JSONValue] = [:]
        for (key, entry) in record.metadata where key != "HKMetadataKeySyncIdentifier" {
            metadata[key] = .string(entry)
        }
        if resolved == nil { metadata["hkType"] = .string(type) }
        if !metadata.isEmpty { draft.metadata = .object(metadata) }

        if let sync = record.metadata["HKMetadataKeySyncIdentifier"], !sync.isEmpty, let metric = draft.metricName {
            draft.syncIdentifier = sync
            let canonical = spec?.metric ?? Metric(rawValue: metric)
            draft.sampleKey = "s1-" + SampleKey.digest([canonical.rawValue, SourceName.normalized(draft.sourceName ?? ""), sync])
            // HealthKit replaces an object by a higher sync version; a lower one is stale.
            let version = record.metadata["HKMetadataKeySyncVersion"].flatMap(Double.init) ?? 0
            if let key = draft.sampleKey {
                if let seen = syncVersions[key], seen > version {
                    issues.append(ValidationIssue(field: "HKMetadataKeySyncVersion", code: "superseded",
                                                  message: "sync version \(NumberText.format(version)) is older than version \(NumberText.format(seen)) of the same object earlier in the file"))
                } else {
                    syncVersions[key] = version
                }
            }
        } else if let category = resolved?.category, let spec, let start, let end {
            // The two sides of a blood pressure reading share metric, source and times;
            // each side's key is derived as HealthSave derives it, under the side's name.
            let inner = spec.impliedCategories.filter { $0.value == category && Metric.isWellFormedName($0.key) }.keys.sorted().first
            draft.derivedKey = SampleKey.derived(metric: spec.metric, source: draft.sourceName ?? "unknown", startTimeMs: start.ms,
                                                 endTimeMs: end.ms, innerMetric: inner)
        }
        draft.issues = issues
        return .sample(draft, type: type)
    }

    /// The short label of a device description, cached (at most 1,024 distinct strings are kept).
    mutating func deviceLabel(_ text: String) -> String? {
        if let last = lastDevice, last.text == text { return last.label }
        let label: String?
        if let known = deviceLabels[text] {
            label = known
        } else {
            label = AppleHealthExportDevice.label(text)
            if let label, deviceLabels.count < 1_024 { deviceLabels[text] = label }
        }
        lastDevice = (text, label)
        return label
    }

    /// The fixed-offset zone name of `date` (``HealthAutoExportDate/zone``), the last one's when the offset repeats.
    mutating func zoneName(_ date: HealthAutoExportDate) -> String {
        if let last = lastZone, last.offsetSeconds == date.offsetSeconds { return last.name }
        let name = date.zone
        lastZone = (date.offsetSeconds, name)
        return name
    }

    /// The category value of `text` when `spec` knows it (HealthKit's spelling included), else nil.
    static func knownCategory(_ spec: MetricSpec?, _ text: String?) -> String? {
        guard let text, let values = spec?.categories else { return nil }
        return values.value(named: text)?.name
    }

    /// `date` parsed, or nil with a `format` issue (nil without one when absent: the rules require it).
    func date(_ text: String?, _ field: String, _ issues: inout [ValidationIssue]) -> HealthAutoExportDate? {
        guard let text else { return nil }
        guard let parsed = HealthAutoExportDate.parse(text) else {
            issues.append(ValidationIssue(field: field, code: "format", message: "\(field) '\(text.prefix(40))' is not a date like 2026-04-10 07:00:00 +0200"))
            return nil
        }
        return parsed
    }

    /// A well-formed raw name for an identifier the catalog does not know:
    /// `HKQuantityTypeIdentifierNumberOfAlcoholicBeverages` → `number_of_alcoholic_beverages`.
    static func rawMetricName(_ type: String) -> String {
        var name = Substring(type)
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier", "HKDataTypeIdentifier", "HKDataType"]
        where name.hasPrefix(prefix) && name.count > prefix.count {
            name = name.dropFirst(prefix.count)
            break
        }
        var out = ""
        var previousLower = false
        for scalar in name.unicodeScalars {
            let isUpper = ("A"..."Z").contains(scalar)
            if isUpper, previousLower { out += "_" }
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || isUpper {
                out.unicodeScalars.append(isUpper ? Unicode.Scalar(scalar.value + 32)! : scalar)
            } else if !out.isEmpty, !out.hasSuffix("_") {
                out += "_"
            }
            previousLower = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        while out.hasSuffix("_") { out.removeLast() }
        if out.first.map({ !("a"..."z").contains($0) }) ?? true { out = "m_" + out }
        return String(out.prefix(64))
    }
}
