import JSON

/// Validates and normalises one element of an ingest `samples` array.
///
/// Every rule is checked and every issue reported, so a client fixes a sample in one
/// round trip. Canonical metrics are converted to their canonical unit (e.g. `lb` → kg)
/// before the plausibility range is applied. Unknown members are ignored.
public enum SampleValidator {
    /// Earliest accepted instant: the Unix epoch.
    public static let earliestMs: Int64 = 0
    /// Latest accepted instant: 2100-01-01T00:00:00Z.
    public static let latestMs: Int64 = 4_102_444_800_000

    /// Validates one element; see ``SampleValidation``.
    public static func validate(_ element: JSONValue) -> SampleValidation {
        guard case .object(let members) = element else {
            return .invalid([
                ValidationIssue(field: "sample", code: "type", message: "each sample must be an object (got \(element.typeName))")
            ])
        }
        var fields = FieldReader(members: members)

        let sampleKey = fields.string("sampleKey", required: true, length: 1...256)
        var metric: Metric?
        if let name = fields.string("metric", required: true, length: 1...64) {
            if Metric.isWellFormedName(name) {
                metric = Metric(rawValue: name)
            } else {
                fields.issue("metric", "format", "metric '\(name)' must match ^[a-z][a-z0-9_]{0,63}$ (lowercase letter, then lowercase letters, digits or underscores)")
            }
        }
        let start = fields.time("startTimeMs")
        let end = fields.time("endTimeMs")
        if let start, let end, end < start {
            fields.issue("endTimeMs", "order", "endTimeMs must be ≥ startTimeMs (got \(end) < \(start))")
        }
        let rawValue = fields.number("valueNumber")
        let categoryValue = fields.string("categoryValue", required: false, length: 1...64)
        let unit = fields.string("unit", required: true, length: 1...32)
        let sourceName = fields.string("sourceName", required: false, length: 0...256)
        let sourceBundleId = fields.string("sourceBundleId", required: false, length: 0...256)
        var timezone = fields.string("timezone", required: true, length: 1...64)
        if let zone = timezone, !KnownTimeZones.contains(zone) {
            fields.issue("timezone", "timezone", "timezone '\(zone)' is not a known IANA time zone (use a name such as 'Europe/Berlin' or 'America/New_York')")
            timezone = nil
        }
        let syncIdentifier = fields.string("syncIdentifier", required: false, length: 0...256)

        var value = rawValue
        var storedUnit = unit
        if let metric {
            checkMetricRules(metric, value: &value, unit: &storedUnit, categoryValue: categoryValue, fields: &fields)
        }

        guard fields.issues.isEmpty, let sampleKey, let metric, let start, let end, let storedUnit, let timezone else {
            return .invalid(fields.issues)
        }
        return .valid(
            Sample(
                sampleKey: sampleKey, metric: metric, startTimeMs: start, endTimeMs: end, valueNumber: value,
                categoryValue: categoryValue, unit: storedUnit,
                // An empty source string carries no identity; store it as absent.
                sourceName: sourceName?.isEmpty == false ? sourceName : nil,
                sourceBundleId: sourceBundleId?.isEmpty == false ? sourceBundleId : nil,
                timezone: timezone, syncIdentifier: syncIdentifier?.isEmpty == false ? syncIdentifier : nil))
    }

    /// Value, unit and category rules that depend on the metric.
    private static func checkMetricRules(
        _ metric: Metric, value: inout Double?, unit: inout String?, categoryValue: String?, fields: inout FieldReader
    ) {
        switch metric.aggregation {
        case .sleep:
            if let categoryValue {
                if SleepCategory(rawValue: categoryValue) == nil {
                    let allowed = SleepCategory.allCases.map(\.rawValue).joined(separator: ", ")
                    fields.issue("categoryValue", "unknown_value", "categoryValue '\(categoryValue)' is not a sleep category; expected one of \(allowed)")
                }
            } else if !fields.hasIssue("categoryValue") {
                fields.issue("categoryValue", "required", "categoryValue is required for metric sleep_segment")
            }
        case .raw:
            if value == nil, categoryValue == nil, !fields.hasIssue("valueNumber"), !fields.hasIssue("categoryValue") {
                fields.issue("valueNumber", "required", "valueNumber (or categoryValue for a category metric) is required for metric '\(metric.rawValue)'")
            }
        case .cumulative, .cumulativeDeduplicated, .discrete:
            if value == nil, !fields.hasIssue("valueNumber") {
                fields.issue("valueNumber", "required", "valueNumber is required for metric \(metric.rawValue)")
            }
            guard let sentUnit = unit, let canonicalUnit = metric.unit else { return }
            if let given = value {
                guard let converted = metric.canonicalValue(given, unit: sentUnit) else {
                    fields.issue("unit", "unknown_value", unitMessage(metric, sentUnit))
                    return
                }
                if let range = metric.plausibleRange, !range.contains(converted) {
                    let conversion = sentUnit == canonicalUnit ? "" : " (\(FieldReader.format(given)) \(sentUnit))"
                    fields.issue("valueNumber", "range", "valueNumber \(FieldReader.format(converted)) \(canonicalUnit)\(conversion) is outside the plausible range \(FieldReader.format(range.lowerBound))…\(FieldReader.format(range.upperBound)) \(canonicalUnit) for \(metric.rawValue)")
                }
                value = converted
                unit = canonicalUnit
            } else if metric.canonicalValue(0, unit: sentUnit) == nil {
                fields.issue("unit", "unknown_value", unitMessage(metric, sentUnit))
            }
        }
    }

    private static func unitMessage(_ metric: Metric, _ unit: String) -> String {
        let accepted = (metric.acceptedUnits ?? []).map { "'\($0.unit)'" }.joined(separator: ", ")
        return "unit '\(unit)' is not accepted for \(metric.rawValue); use one of \(accepted)"
    }
}
