import HTTPTransport
import HealthDomain
import HealthFormats
import JSON

/// A parsed `GET /health-data` request: the types, the UTC bounds both inclusive, the
/// per-type limit and the format.
///
/// `start` is a date (`YYYY-MM-DD`, local midnight in the server's zone) or an instant
/// (ISO 8601 with `Z` or an offset); `end` the same, a date meaning through the end of
/// that local day, and now when absent.
struct HealthDataQuery: Sendable {
    enum Format: String, Sendable { case json, csv }

    var types: [ReadType]
    var startMs: Int64
    /// The last instant included.
    var endMs: Int64
    var limit: Int
    var format: Format

    static let parameters: Set<String> = ["types", "start", "end", "limit", "format"]
    /// The largest `limit`.
    static let maxLimit: Int64 = 1_000_000
    static let defaultLimit: Int64 = 1_000
    /// Types one request may name.
    static let maxTypes = 64

    /// One bound as written: a local date or an instant.
    enum Bound {
        case date(DayKey)
        case instant(Int64)

        init?(_ text: String) {
            if text.utf8.count == 10, let day = DayKey(text) { self = .date(day); return }
            guard let parsed = HealthSaveDate.parse(text), parsed.ms >= SampleRules.earliestMs, parsed.ms < SampleRules.latestMs else { return nil }
            self = .instant(parsed.ms)
        }
    }

    /// Reads the request; `zone` is asked for only when a bound is a date.
    static func parse(_ request: HTTPRequest, query: QueryParameters, table: ReadTypeTable, nowMs: Int64,
                      zone: () async throws -> String) async throws -> HealthDataQuery {
        try query.rejectUnknown(allowed: parameters)
        let typesText = try query.requiredString("types")
        var types: [ReadType] = []
        var seen = Set<String>()
        for part in typesText.split(separator: ",", omittingEmptySubsequences: false) {
            let id = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard !id.isEmpty else {
                throw APIError.invalidParameter("types", "'types' is a comma-separated list of type ids such as steps,heart_rate (an empty entry was given)", rule: "format")
            }
            guard let type = table.type(id) else {
                throw APIError(status: .badRequest, code: .invalidType,
                               message: "unknown health data type '\(id.prefix(64))'; GET /types lists every type",
                               details: ["field": "types", "rule": "known_type", "type": .string(String(id.prefix(64)))])
            }
            if seen.insert(type.id).inserted { types.append(type) }
        }
        guard types.count <= maxTypes else {
            throw APIError.invalidParameter("types", "at most \(maxTypes) types per request (got \(types.count))", rule: "max_items")
        }
        let startText = try query.requiredString("start")
        guard let start = Bound(startText) else {
            throw APIError.invalidParameter("start", "'start' must be a date YYYY-MM-DD or an ISO 8601 time such as 2026-01-01T00:00:00Z (got '\(startText.prefix(40))')", rule: "format")
        }
        let endText = try query.string("end")
        var end: Bound?
        if let endText {
            guard let parsed = Bound(endText) else {
                throw APIError.invalidParameter("end", "'end' must be a date YYYY-MM-DD or an ISO 8601 time such as 2026-01-07T23:59:59Z (got '\(endText.prefix(40))')", rule: "format")
            }
            end = parsed
        }
        let limit = try query.int("limit", in: 1...maxLimit) ?? defaultLimit
        var format = Format.json
        if let text = try query.string("format") {
            guard let chosen = Format(rawValue: text) else {
                throw APIError.invalidParameter("format", "'format' must be json or csv (got '\(text.prefix(20))')", rule: "enum")
            }
            format = chosen
        } else if request.headers.values(.accept).contains(where: { $0.lowercased().contains("text/csv") }) {
            format = .csv
        }

        var zoneName: String?
        func localZone() async throws -> String {
            if let zoneName { return zoneName }
            let resolved = try await zone()
            zoneName = resolved
            return resolved
        }
        let startMs: Int64
        switch start {
        case .instant(let ms): startMs = ms
        case .date(let day): startMs = ZoneClock.shared.startOfDayMs(day, zone: try await localZone())
        }
        let endMs: Int64
        switch end {
        case nil: endMs = nowMs
        case .instant(let ms)?: endMs = ms
        case .date(let day)?: endMs = ZoneClock.shared.endOfDayMs(day, zone: try await localZone()) - 1
        }
        guard startMs <= endMs else {
            throw APIError(status: .badRequest, code: .invalidDateRange, message: "start must not be after end",
                           details: ["field": "start", "rule": "order", "start": .string(startText), "end": .string(endText ?? HealthSaveDate.format(nowMs))])
        }
        return HealthDataQuery(types: types, startMs: startMs, endMs: endMs, limit: Int(limit), format: format)
    }

    /// The bounds as the seed writes them: UTC, whole seconds, the end the last second included.
    var dateRange: JSONValue {
        ["start": .string(Self.seconds(startMs)), "end": .string(Self.seconds(endMs))]
    }

    /// An instant in whole seconds (`2026-03-12T22:59:59Z`).
    static func seconds(_ ms: Int64) -> String {
        let floored = ms >= 0 ? ms / 1000 * 1000 : (ms - 999) / 1000 * 1000
        return HealthSaveDate.format(floored)
    }
}
