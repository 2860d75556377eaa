import HealthDomain
import JSON

extension Sample {
    /// The sample in the ingest wire shape (camelCase keys; absent optionals omitted), so
    /// that what `/health/raw` returns can be posted back to `/health/ingest` unchanged.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "sampleKey": .string(sampleKey),
            "metric": .string(metric.rawValue),
            "startTimeMs": .number(Double(startTimeMs)),
            "endTimeMs": .number(Double(endTimeMs)),
            "unit": .string(unit),
            "timezone": .string(timezone),
        ]
        if let valueNumber { members["valueNumber"] = .number(valueNumber) }
        if let categoryValue { members["categoryValue"] = .string(categoryValue) }
        if let sourceName { members["sourceName"] = .string(sourceName) }
        if let sourceBundleId { members["sourceBundleId"] = .string(sourceBundleId) }
        if let syncIdentifier { members["syncIdentifier"] = .string(syncIdentifier) }
        if let device { members["device"] = .string(device) }
        // Written by the rules as a JSON object; text that no longer parses is shown as it is.
        if let metadata { members["metadata"] = (try? JSONParser.parse(metadata)) ?? .string(metadata) }
        return .object(members)
    }
}
