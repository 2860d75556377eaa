import HealthDomain
import JSON

/// Reads the elements of an Apple Health export (`export.xml`, root `HealthData`) as
/// they stream past and turns each complete one into an ``AppleHealthExportItem``: a
/// `Record` into a ``SampleDraft`` for the same ``SampleRules`` every adapter uses, a
/// `Workout` into a ``WorkoutDraft``, an `ActivitySummary` into an ``ActivitySummaryDraft``. It holds only the element being built, so memory does not grow with
/// the file.
///
/// - Dates are `2026-04-10 07:00:00 +0200`; the offset is the sample's zone (`UTC+02:00`)
///   and gives its local day, so two offsets across a DST change land on the right days.
/// - Identity: `HKMetadataKeySyncIdentifier` when present (with
///   `HKMetadataKeySyncVersion`: the higher version wins), else the key shared with every
///   id-less format (see ``SampleKey``). Blood pressure sides get HealthSave's keys.
/// - A `Record` inside a `Correlation` is a copy: the export lists it at the top level too
///   (its DTD: "Any Records that appear as children of a correlation also appear as
///   top-level records in this document"), so it is handed out as a correlation member.
/// - Unknown record types are stored raw under a well-formed name (`HKQuantityTypeIdentifierFooBar` → `foo_bar`).
public struct AppleHealthExportAdapter {
    /// The metric table types resolve against.
    public let catalog: MetricCatalog
    private var record: PendingRecord?
    private var correlation: (type: String, depth: Int)?
    private var workout: PendingWorkout?
    private var inRoute = false
    var syncVersions: [String: Double] = [:]
    /// Short labels of the HKDevice descriptions seen: an export repeats a handful of
    /// device strings on every record, and reading one is far dearer than a lookup.
    var deviceLabels: [String: String] = [:]
    /// The last record's type, device and zone offset with what they resolved to: an
    /// export writes one type's records together, mostly from one device in one zone, so
    /// most records ask again what the one before asked (and the XML reader hands out the
    /// same string for an equal value, which compares equal at once).
    var lastType: (type: String, resolved: (spec: MetricSpec, category: String?)?)?
    var lastDevice: (text: String, label: String?)?
    var lastZone: (offsetSeconds: Int, name: String)?

    /// An adapter over `catalog`.
    public init(catalog: MetricCatalog = .standard) { self.catalog = catalog }

    /// Attributes of export elements the adapter never reads (a reader may drop them).
    public static let unreadAttributes = ["sourceVersion", "creationDate"]

    /// The wire names of a record's members, so an issue names the attribute in the file.
    public static let fieldNames: SampleDraft.FieldNames = {
        var names = SampleDraft.FieldNames()
        names.sampleKey = "HKMetadataKeySyncIdentifier"
        names.metric = "type"
        names.start = "startDate"
        names.end = "endDate"
        names.value = "value"
        names.categoryValue = "value"
        names.unit = "unit"
        names.sourceName = "sourceName"
        names.device = "device"
        names.timezone = "startDate"
        names.syncIdentifier = "HKMetadataKeySyncIdentifier"
        names.metadata = "MetadataEntry"
        return names
    }()

    struct PendingRecord {
        var attributes: [(name: String, value: String)]
        var metadata: [String: String] = [:]

        subscript(_ name: String) -> String? {
            for attribute in attributes where attribute.name == name { return attribute.value }
            return nil
        }
    }

    struct PendingWorkout {
        var attributes: [(name: String, value: String)]
        var metadata: [String: JSONValue] = [:]
        var statistics: [(type: String, attributes: [(name: String, value: String)])] = []
        var events = 0
        var routeFile: String?
        var route: [WorkoutDraft.RoutePoint] = []

        subscript(_ name: String) -> String? {
            for attribute in attributes where attribute.name == name { return attribute.value }
            return nil
        }
    }

    /// Takes a start tag; returns the item it completes (self-closing elements complete at once).
    public mutating func start(_ name: String, _ attributes: [(name: String, value: String)], selfClosing: Bool) -> AppleHealthExportItem? {
        switch name {
        case "Record":
            let pending = PendingRecord(attributes: attributes)
            if selfClosing { return item(pending) }
            record = pending
        case "MetadataEntry":
            guard let key = value(attributes, "key") else { return nil }
            let text = value(attributes, "value") ?? ""
            if record != nil {
                record?.metadata[key] = text
            } else if workout != nil, !inRoute {
                workout?.metadata[key] = .string(text)
            }
        case "Correlation":
            if !selfClosing { correlation = (value(attributes, "type") ?? "", 0) }
        case "Workout":
            let pending = PendingWorkout(attributes: attributes)
            if selfClosing { return .workout(finish(pending)) }
            workout = pending
        case "WorkoutStatistics":
            if let type = value(attributes, "type") { workout?.statistics.append((type, attributes)) }
        case "WorkoutEvent":
            workout?.events += 1
        case "WorkoutRoute":
            inRoute = !selfClosing
        case "FileReference":
            if inRoute || workout != nil, let path = value(attributes, "path") {
                workout?.routeFile = String(path.drop { $0 == "/" })
            }
        case "Location":
            if let point = Self.location(attributes) { workout?.route.append(point) }
        case "ActivitySummary":
            return .activitySummary(Self.activitySummary(attributes))
        case "Me":
            var profile: [String: String] = [:]
            for (key, text) in attributes where !text.isEmpty { profile[key] = text }
            return .profile(profile)
        case "HealthData", "ExportDate", "HeartRateVariabilityMetadataList", "InstantaneousBeatsPerMinute":
            return nil
        default:
            // ClinicalRecord, Audiogram (SensitivityPoint), VisionPrescription, … : counted once per top element.
            if record == nil, workout == nil, correlation == nil { return .skipped(element: name) }
        }
        return nil
    }

    /// Takes an end tag; returns the item it completes.
    public mutating func end(_ name: String) -> AppleHealthExportItem? {
        switch name {
        case "Record":
            guard let pending = record else { return nil }
            record = nil
            return item(pending)
        case "Correlation":
            guard let ended = correlation else { return nil }
            correlation = nil
            return .correlation(type: ended.type)
        case "WorkoutRoute":
            inRoute = false
        case "Workout":
            guard let pending = workout else { return nil }
            workout = nil
            return .workout(finish(pending))
        default:
            break
        }
        return nil
    }

    /// The item of a complete `Record`: a sample, or a copy inside a `Correlation`.
    private mutating func item(_ pending: PendingRecord) -> AppleHealthExportItem {
        let item = sample(pending)
        guard correlation != nil, case .sample(let draft, let type) = item else { return item }
        return .correlationMember(draft, type: type)
    }

    private func value(_ attributes: [(name: String, value: String)], _ name: String) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }
}
