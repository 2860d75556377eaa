import JSON

extension ChangeEvent {
    /// The event as JSON: `id`, `type`, `cursor`, `occurredAtMs`, `occurredAt` (UTC, ISO 8601
    /// with milliseconds), `subject`, and `values` only when `includeValues` is set and the
    /// event has values.
    public func json(includeValues: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": .string(id),
            "type": .string(type.rawValue),
            "cursor": JSONValue(cursor),
            "occurredAtMs": JSONValue(occurredAtMs),
            "occurredAt": .string(InstantText.utc(ms: occurredAtMs)),
            "subject": .object(subject),
        ]
        if includeValues, let values {
            members["values"] = .object(values)
        }
        return .object(members)
    }

    /// The bytes of one delivery: ``json(includeValues:)`` compact with sorted keys, so the
    /// same event always signs to the same body and a retry sends exactly the first body.
    public func body(includeValues: Bool) -> [UInt8] {
        JSONWriter.serialize(json(includeValues: includeValues), sortedKeys: true, pretty: false)
    }
}
