import HealthDomain
import JSON

/// What an import did: records read per type, what the store made of them, and the
/// files and elements it could not use. The same report ends `healthd import` (as a
/// table) and `GET /health/import/{id}` (as JSON).
public struct ImportReport: Sendable, Equatable {
    /// Records read per HealthKit type (`Record` elements, correlation members included).
    public var recordsByType: [String: Int] = [:]
    /// Records rejected per HealthKit type.
    public var rejectedByType: [String: Int] = [:]
    /// Samples stored new.
    public var inserted = 0
    /// Samples whose stored value changed.
    public var updated = 0
    /// Samples already stored as they are (a re-import, a synced sample, a repeated record).
    public var unchanged = 0
    /// Records that broke a rule (see ``errors``).
    public var rejected = 0
    /// Per rule, the rejected sample records that broke it (for the server's metrics; not in the JSON).
    public var rejectedByRule: [String: Int] = [:]
    /// Records the file repeats: a correlation member (also listed on its own), or an
    /// earlier version of a record with a sync identifier written twice (the later one is
    /// stored). Two equal id-less records are two entries, not a repeat.
    public var repeated = 0
    /// Records older than another version of the same object in the file (sync version).
    public var superseded = 0
    /// Workouts stored new, changed and unchanged; rejected ones.
    public var workoutsInserted = 0, workoutsUpdated = 0, workoutsUnchanged = 0, workoutsRejected = 0
    /// Workouts with a route, and those whose GPX file the import could not reach (a bare `export.xml`) or read.
    public var routesLinked = 0, routesMissing = 0
    /// Activity summaries stored or changed, unchanged, rejected.
    public var activitySummariesUpserted = 0, activitySummariesUnchanged = 0, activitySummariesRejected = 0
    /// `Correlation` elements read (their members count as records).
    public var correlations = 0
    /// Other top-level elements, per name, that map to nothing stored (clinical records, audiograms).
    public var skippedElements: [String: Int] = [:]
    /// Whether the `Me` characteristics were read.
    public var profileRead = false
    /// Local days whose aggregates were recomputed.
    public var daysTouched = 0
    /// Bytes of the export read (compressed bytes for a zip entry).
    public var bytesRead: Int64 = 0
    /// Seconds from start to end.
    public var elapsedSeconds: Double = 0
    /// The first problems, each `{type, field, code, message}` (at most ``maxErrors``).
    public var errors: [JSONValue] = []
    /// The export file inside the archive (`apple_health_export/export.xml`), or the file itself.
    public var exportFile = ""

    /// How many problems are listed: the cap every ingest path has.
    public static var maxErrors: Int { IngestPipeline.maxIssues }

    /// An empty report.
    public init() {}

    /// Records read.
    public var records: Int { recordsByType.values.reduce(0, +) }

    /// Records per second over the whole import.
    public var recordsPerSecond: Double { elapsedSeconds > 0 ? Double(records) / elapsedSeconds : 0 }

    /// The report as JSON (sorted keys, as everything the API writes).
    public var json: JSONValue {
        [
            "exportFile": .string(exportFile),
            "records": JSONValue(records),
            "recordsByType": .object(recordsByType.mapValues { JSONValue($0) }),
            "rejectedByType": .object(rejectedByType.mapValues { JSONValue($0) }),
            "inserted": JSONValue(inserted), "updated": JSONValue(updated), "unchanged": JSONValue(unchanged),
            "rejected": JSONValue(rejected), "superseded": JSONValue(superseded), "repeated": JSONValue(repeated),
            "workoutsInserted": JSONValue(workoutsInserted), "workoutsUpdated": JSONValue(workoutsUpdated),
            "workoutsUnchanged": JSONValue(workoutsUnchanged), "workoutsRejected": JSONValue(workoutsRejected),
            "routesLinked": JSONValue(routesLinked), "routesMissing": JSONValue(routesMissing),
            "activitySummariesUpserted": JSONValue(activitySummariesUpserted),
            "activitySummariesUnchanged": JSONValue(activitySummariesUnchanged),
            "activitySummariesRejected": JSONValue(activitySummariesRejected),
            "correlations": JSONValue(correlations),
            "skippedElements": .object(skippedElements.mapValues { JSONValue($0) }),
            "profileRead": .bool(profileRead),
            "daysTouched": JSONValue(daysTouched),
            "bytesRead": .number(Double(bytesRead)),
            "elapsedSeconds": .number((elapsedSeconds * 1000).rounded() / 1000),
            "errors": .array(errors),
        ]
    }

    /// The table `healthd import` prints at the end.
    public var table: String {
        var lines: [String] = []
        let typeWidth = max(30, (recordsByType.keys.map(\.count).max() ?? 0))
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func number(_ value: Int) -> String {
            let digits = String(value)
            var out = ""
            for (offset, character) in digits.reversed().enumerated() {
                if offset > 0, offset % 3 == 0 { out.append(",") }
                out.append(character)
            }
            return String(out.reversed())
        }
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        lines.append(pad("type", typeWidth) + right("records", 12) + right("rejected", 10))
        for type in recordsByType.keys.sorted() {
            lines.append(pad(type, typeWidth) + right(number(recordsByType[type] ?? 0), 12) + right(number(rejectedByType[type] ?? 0), 10))
        }
        lines.append("")
        let rows: [(String, String)] = [
            ("records", number(records)), ("inserted", number(inserted)), ("updated", number(updated)),
            ("unchanged", number(unchanged)), ("repeated in file", number(repeated)), ("rejected", number(rejected)),
            ("superseded", number(superseded)),
            ("correlations", number(correlations)),
            ("workouts", "\(number(workoutsInserted)) inserted, \(number(workoutsUpdated)) updated, \(number(workoutsUnchanged)) unchanged, \(number(workoutsRejected)) rejected"),
            ("routes", "\(number(routesLinked)) linked, \(number(routesMissing)) not reachable"),
            ("activity summaries", "\(number(activitySummariesUpserted)) stored, \(number(activitySummariesUnchanged)) unchanged, \(number(activitySummariesRejected)) rejected"),
            ("days touched", number(daysTouched)),
            ("elapsed", "\(Double(Int(elapsedSeconds * 100)) / 100) s (\(number(Int(recordsPerSecond))) records/s)"),
        ]
        for (label, value) in rows { lines.append(pad(label, 20) + value) }
        if !skippedElements.isEmpty {
            lines.append(pad("not imported", 20) + skippedElements.keys.sorted().map { "\($0) \(skippedElements[$0] ?? 0)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
