import HealthDomain
import JSON

/// Maps one observation of a batch coded by biosignal slug and LOINC
/// (`{xuser_id, biosignal_slug, effective_datetime, value_quantity, value_unit,
/// source_slug, metadata, loinc_code?}`) onto a ``SampleDraft``, for ``SampleRules``.
///
/// The metric: `metadata.hk_type` when it names a catalog type (either spelling,
/// `HKQuantityTypeIdentifierRestingHeartRate` or `HKQuantityTypeIdentifier.restingHeartRate`)
/// — so a slug that covers several HealthKit types, as "Heart Rate" does, is decided by
/// it —, else a LOINC code that fixes a blood pressure side (8480-6 systolic, 8462-4
/// diastolic), else the slug, else the LOINC code alone. The source is
/// `metadata.hk_source` (or `hk_device`) when present, else `source_slug`. Times are UTC
/// instants; the local day comes from `timezone`, the server's zone.
///
/// The batch's dedupe key (user, biosignal, source, effective time, resolution, LOINC)
/// becomes the shared derived key: the user is the server's one user (others are refused
/// before this), the biosignal the resolved catalog metric, the resolution the sample's
/// start and end, and the LOINC code — which the metric already fixes — only tells the
/// two sides of a blood pressure apart, as HealthSave's inner metric does. So a re-sent
/// observation, or the same sample arriving through another adapter, is stored once.
public struct ObservationAdapter: Sendable {
    /// The metric table slugs, LOINC codes and HealthKit types resolve against.
    public let catalog: MetricCatalog
    /// The zone local days are counted in.
    public let timezone: String

    /// An adapter over `catalog`, counting local days in `timezone`.
    public init(catalog: MetricCatalog = .standard, timezone: String) {
        self.catalog = catalog
        self.timezone = timezone
    }

    /// How an observation names the draft's members, so issues name the wire fields.
    public static let fieldNames: SampleDraft.FieldNames = {
        var names = SampleDraft.FieldNames()
        names.metric = "biosignal_slug"
        names.start = "effective_datetime"
        names.end = "effective_datetime"
        names.value = "value_quantity"
        names.categoryValue = "value_quantity"
        names.unit = "value_unit"
        names.sourceName = "source_slug"
        names.device = "metadata.hk_device"
        names.timezone = "timezone"
        names.metadata = "metadata"
        return names
    }()

    /// The user an observation is for, as sent (nil when absent or not a string).
    public static func userID(_ element: JSONValue) -> String? { element["xuser_id"]?.stringValue }

    /// The element of `observations[index]`: its draft, which must name its user.
    public func element(_ observation: JSONValue, index: Int) -> IngestElement {
        var draft = draft(observation)
        if Self.userID(observation) == nil {
            draft.issues.append(ValidationIssue(field: "xuser_id", code: "required", message: "xuser_id is required (GET /info gives the user id)"))
        }
        return IngestElement(.sample(draft), index: index, path: "observations[\(index)]")
    }

    /// The draft of one observation; wire problems are in its `issues`.
    public func draft(_ element: JSONValue) -> SampleDraft {
        var draft = SampleDraft(timezone: timezone, fields: Self.fieldNames)
        guard case .object(let o) = element else {
            draft.issues.append(ValidationIssue(field: "observation", code: "type", message: "each observation must be a JSON object (got \(element.typeName))"))
            return draft
        }
        let metadata = o["metadata"]
        if let metadata, !metadata.isNull, metadata.objectValue == nil {
            draft.issues.append(ValidationIssue(field: "metadata", code: "type", message: "metadata must be an object (got \(metadata.typeName))"))
        }
        switch o["effective_datetime"] {
        case .string(let text)?:
            if let parsed = HealthSaveDate.parse(text) {
                draft.startTimeMs = parsed.ms
                draft.endTimeMs = parsed.ms
            } else {
                draft.issues.append(ValidationIssue(field: "effective_datetime", code: "format", message: "effective_datetime must be an ISO 8601 time such as 2026-04-04T14:30:00Z (got '\(text.prefix(40))')"))
            }
        case nil, .null?:
            draft.issues.append(ValidationIssue(field: "effective_datetime", code: "required", message: "effective_datetime is required"))
        case let other?:
            draft.issues.append(ValidationIssue(field: "effective_datetime", code: "type", message: "effective_datetime must be a string (got \(other.typeName))"))
        }

        draft.unit = text(o["value_unit"])
        let slug = text(o["biosignal_slug"])
        let loinc = text(o["loinc_code"])
        let hkType = text(metadata?["hk_type"])

        // The first name the catalog knows, in the order of precedence.
        var candidates: [String] = []
        if let hkType { candidates.append(hkType) }
        if let loinc, catalog.resolveWithCategory(loinc)?.category != nil { candidates.append(loinc) }
        if let slug { candidates.append(slug) }
        if let loinc { candidates.append(loinc) }
        let resolved = candidates.lazy.compactMap { name in self.catalog.resolveWithCategory(name).map { (name, $0.spec, $0.category) } }.first
        guard let (name, spec, impliedCategory) = resolved else {
            if let slug {
                draft.issues.append(ValidationIssue(field: "biosignal_slug", code: "unknown_value", message: "Unknown biosignal_slug: \(slug.prefix(64))"))
            } else if let loinc {
                draft.issues.append(ValidationIssue(field: "loinc_code", code: "unknown_value", message: "Unknown loinc_code: \(loinc.prefix(32))"))
            } else {
                draft.issues.append(ValidationIssue(field: "biosignal_slug", code: "required", message: "biosignal_slug (or loinc_code) is required"))
            }
            return draft
        }
        draft.metricName = name
        if !spec.impliedCategories.isEmpty, impliedCategory == nil {
            draft.issues.append(ValidationIssue(field: "loinc_code", code: "required",
                                                message: "\(spec.metric.rawValue) needs loinc_code 8480-6 (systolic) or 8462-4 (diastolic)"))
        }

        let quantity = o["value_quantity"]
        let takesCategoryOnly = spec.kind.takesCategory && !spec.kind.takesNumber
        switch quantity {
        case .number(let number)?:
            if takesCategoryOnly {
                draft.categoryValue = number == number.rounded() && abs(number) < 1e9 ? String(Int(number)) : NumberText.format(number)
            } else {
                draft.value = number
            }
        case .string(let text)? where takesCategoryOnly:
            draft.categoryValue = text
        case nil, .null?:
            break
        case let other?:
            draft.issues.append(ValidationIssue(field: "value_quantity", code: "type", message: "value_quantity must be a number (got \(other.typeName))"))
        }
        draft.categoryValue = draft.categoryValue ?? impliedCategory
        if draft.unit == nil, spec.units == nil { draft.unit = "category" }

        let source = text(metadata?["hk_source"]) ?? text(metadata?["hk_device"]) ?? text(o["source_slug"])
        draft.sourceName = source
        draft.device = text(metadata?["hk_device"])
        var kept: [String: JSONValue] = metadata?.objectValue ?? [:]
        for field in ["biosignal_slug", "loinc_code", "source_slug"] {
            if let value = text(o[field]) { kept[field] = .string(value) }
        }
        draft.metadata = kept.isEmpty ? nil : .object(kept)

        if let start = draft.startTimeMs, let end = draft.endTimeMs {
            // The blood pressure side joins the key, under the name HealthSave uses for it.
            let side = impliedCategory.map { "blood_pressure_\($0)" }
            draft.derivedKey = SampleKey.derived(metric: spec.metric, source: source ?? "unknown", startTimeMs: start, endTimeMs: end,
                                                 innerMetric: side)
        }
        return draft
    }

    private func text(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue, !text.isEmpty else { return nil }
        return text
    }
}
