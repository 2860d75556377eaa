import JSON

/// The rules every ingested workout passes (the native `workouts[]` shape of
/// `POST /health/ingest`): a known activity type, times inside 1970…2100 with end ≥ start
/// and at most ``maxSpanMs`` apart, a known zone, energy and distance converted to kcal
/// and km and inside plausible ranges, heart rates and coordinates inside theirs, and
/// bounded timelines. Every issue is reported, in field order, so a client fixes a
/// workout in one round trip.
public struct WorkoutRules: Sendable {
    /// The longest workout accepted, end − start: two days, so 24-hour races and
    /// multi-stage ultra events fit while a start a month before the end does not.
    public static let maxSpanMs: Int64 = 48 * 3_600_000
    /// Plausible active energy of one workout, kcal.
    public static let energyRange: ClosedRange<Double> = 0...20_000
    /// Plausible distance of one workout, km.
    public static let distanceRange: ClosedRange<Double> = 0...1_000
    /// Plausible heart rates, bpm.
    public static let heartRateRange: ClosedRange<Double> = 20...300
    /// Plausible altitudes, metres (the Dead Sea shore to above Everest's summit).
    public static let altitudeRange: ClosedRange<Double> = -500...9_000
    /// Most heart-rate readings one workout may carry.
    public static let maxHeartRatePoints = 20_000
    /// Most route points one workout may carry.
    public static let maxRoutePoints = 100_000
    /// Energy units: the metrics' (kcal, `Cal` a kilocalorie, `cal` a thousandth of one, kJ, J).
    public static let energyUnits = MetricCatalog.energyUnits
    /// Distance units: the distance metrics' (km, m, mi and every other length HealthKit writes).
    public static let distanceUnits = MetricCatalog.kilometreUnits

    /// Wire names in the order issues are reported.
    static let fieldOrder = [
        "workoutKey", "activityType", "name", "startTimeMs", "endTimeMs", "durationSeconds", "activeEnergy", "activeEnergyUnit",
        "distance", "distanceUnit", "avgHeartRate", "maxHeartRate", "heartRate", "route", "sourceName", "sourceBundleId",
        "device", "timezone", "metadata",
    ]

    /// Rules with the built-in limits.
    public init() {}

    /// A stored workout from one `workouts[]` element, or every issue found. Unknown
    /// members are ignored, as for samples.
    public func validate(_ element: JSONValue) -> RecordValidation<Workout> {
        guard case .object(let members) = element else {
            return .invalid([ValidationIssue(field: "workout", code: "type", message: "each workout must be an object (got \(element.typeName))")])
        }
        var fields = FieldReader(members: members)
        let sentKey = fields.string("workoutKey", required: false)
        let typeValue = fields.any("activityType")
        let sentName = fields.string("name", required: false)
        let sentStart = fields.time("startTimeMs")
        let sentEnd = fields.time("endTimeMs")
        let sentDuration = fields.number("durationSeconds")
        let sentEnergy = fields.number("activeEnergy")
        let energyUnit = fields.string("activeEnergyUnit", required: false)
        let sentDistance = fields.number("distance")
        let distanceUnit = fields.string("distanceUnit", required: false)
        let avgHeartRate = fields.number("avgHeartRate")
        let maxHeartRate = fields.number("maxHeartRate")
        let heartRateValue = fields.any("heartRate")
        let routeValue = fields.any("route")
        let sentSource = fields.string("sourceName", required: false)
        let sentBundle = fields.string("sourceBundleId", required: false)
        let sentDevice = fields.string("device", required: false)
        let sentZone = fields.string("timezone", required: true)
        let sentMetadata = fields.any("metadata")
        var check = IssueList(fields.issues)

        let key = check.length(sentKey, "workoutKey", 1...256)
        let type = activityType(typeValue, check: &check)
        let name = check.length(sentName, "name", 1...128)
        let start = check.instant(sentStart, "startTimeMs")
        let end = check.instant(sentEnd, "endTimeMs")
        if let start, let end {
            if end < start {
                check.add("endTimeMs", "order", "endTimeMs must be ≥ startTimeMs (got \(end) < \(start))")
            } else if end - start > Self.maxSpanMs {
                check.add("endTimeMs", "range", "a workout may last at most \(Self.maxSpanMs / 3_600_000) h (endTimeMs − startTimeMs = \(FieldReader.format(Double(end - start) / 3_600_000)) h)")
            }
        }
        var duration = sentDuration
        if let seconds = sentDuration, let start, let end, end >= start {
            // Pauses make the active time shorter than the span, never longer (1 s of rounding allowed).
            let span = Double(end - start) / 1000
            if seconds < 0 || seconds > span + 1 {
                check.add("durationSeconds", "range", "durationSeconds must lie between 0 and endTimeMs − startTimeMs (\(FieldReader.format(span)) s) (got \(FieldReader.format(seconds)))")
                duration = nil
            }
        }
        let energy = Self.convert(sentEnergy, "activeEnergy", unit: energyUnit, "activeEnergyUnit", units: Self.energyUnits, range: Self.energyRange, check: &check)
        let distance = Self.convert(sentDistance, "distance", unit: distanceUnit, "distanceUnit", units: Self.distanceUnits, range: Self.distanceRange, check: &check)
        for (field, value) in [("avgHeartRate", avgHeartRate), ("maxHeartRate", maxHeartRate)] {
            if let value, !Self.heartRateRange.contains(value) {
                check.add(field, "range", "\(field) \(FieldReader.format(value)) bpm is outside the plausible range 20…300 bpm")
            }
        }
        if let avg = avgHeartRate, let max = maxHeartRate, Self.heartRateRange.contains(avg), Self.heartRateRange.contains(max), max < avg {
            check.add("maxHeartRate", "order", "maxHeartRate (\(FieldReader.format(max))) must be ≥ avgHeartRate (\(FieldReader.format(avg)))")
        }
        let heartRate = Self.heartRatePoints(heartRateValue, check: &check)
        let route = Self.routePoints(routeValue, check: &check)
        let source = check.length(sentSource, "sourceName", 0...256)
        let bundle = check.length(sentBundle, "sourceBundleId", 0...256)
        let device = check.length(sentDevice, "device", 0...256)
        var zone = check.length(sentZone, "timezone", 1...64)
        if let name = zone, !KnownTimeZones.contains(name) {
            check.add("timezone", "timezone", "timezone '\(name)' is not a known IANA time zone (use a name such as 'Europe/Berlin' or 'America/New_York')")
            zone = nil
        }
        let metadata = check.metadata(sentMetadata, "metadata")

        guard check.isEmpty, let type, let start, let end, let zone else {
            return .invalid(Self.ordered(check.issues, Self.fieldOrder))
        }
        let sourceName = source?.isEmpty == false ? source : nil
        let bundleId = bundle?.isEmpty == false ? bundle : nil
        return .valid(Workout(
            workoutKey: key ?? WorkoutKey.derived(activityType: type, source: sourceName ?? bundleId ?? "unknown", startTimeMs: start, endTimeMs: end),
            activityType: type, name: name ?? type.displayName, startTimeMs: start, endTimeMs: end,
            durationSeconds: duration ?? Double(end - start) / 1000, activeEnergyKcal: energy, distanceKm: distance,
            avgHeartRateBpm: avgHeartRate, maxHeartRateBpm: maxHeartRate, heartRate: heartRate, route: route,
            sourceName: sourceName, sourceBundleId: bundleId, device: device?.isEmpty == false ? device : nil,
            timezone: zone, metadata: metadata))
    }

    /// Issues in the order of `order`, by the member a field starts with
    /// (`route[3].latitude` ranks as `route`), keeping their order within a member.
    static func ordered(_ issues: [ValidationIssue], _ order: [String]) -> [ValidationIssue] {
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func member(_ field: String) -> Int {
            let head = field.prefix { $0 != "[" && $0 != "." }
            return rank[String(head)] ?? -1
        }
        return issues.enumerated().sorted { a, b in
            let ra = member(a.element.field), rb = member(b.element.field)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// The type named by a string (name, alias, HealthKit identifier, digits) or an integer raw value.
    func activityType(_ value: JSONValue?, check: inout IssueList) -> WorkoutActivityType? {
        guard let value else {
            check.add("activityType", "required", "activityType is required (a HealthKit workout activity type such as running, or its number such as 37)")
            return nil
        }
        var found: WorkoutActivityType?
        var shown: String
        switch value {
        case .string(let text):
            shown = "'\(text.prefix(64))'"
            found = WorkoutActivityType.resolve(text)
        case .number(let number):
            shown = FieldReader.format(number)
            if let raw = value.int64Value, let small = Int(exactly: raw) { found = WorkoutActivityType.resolve(number: small) }
        default:
            check.add("activityType", "type", "activityType must be a string or an integer (got \(value.typeName))")
            return nil
        }
        guard let found else {
            check.add("activityType", "unknown_value", "activityType \(shown) is not a HealthKit workout activity type; use a name such as running, walking, cycling, swimming, yoga (GET /health/capabilities lists them) or its number")
            return nil
        }
        return found
    }

    /// `value` in the canonical unit and inside `range`, or nil with an issue.
    static func convert(_ value: Double?, _ field: String, unit: String?, _ unitField: String, units: MetricUnits,
                        range: ClosedRange<Double>, check: inout IssueList) -> Double? {
        let sentUnit = check.length(unit, unitField, 1...32) ?? units.canonical
        guard let conversion = units.conversion(for: sentUnit) else {
            check.add(unitField, "unknown_value", "\(unitField) '\(sentUnit)' is not accepted; use one of \(units.names.map { "'\($0)'" }.joined(separator: ", "))")
            return nil
        }
        guard let value else { return nil }
        let converted = conversion.canonical(value)
        guard range.contains(converted) else {
            let sent = sentUnit == units.canonical ? "" : " (\(FieldReader.format(value)) \(sentUnit))"
            check.add(field, "range", "\(field) \(FieldReader.format(converted)) \(units.canonical)\(sent) is outside the plausible range \(FieldReader.format(range.lowerBound))…\(FieldReader.format(range.upperBound)) \(units.canonical)")
            return nil
        }
        return converted
    }

    /// The elements of an optional array member, or nil with an issue.
    static func elements(_ value: JSONValue?, _ field: String, max: Int, check: inout IssueList) -> [[String: JSONValue]]? {
        guard let value, !value.isNull else { return nil }
        guard case .array(let items) = value else {
            check.add(field, "type", "\(field) must be an array (got \(value.typeName))")
            return nil
        }
        guard items.count <= max else {
            check.add(field, "length", "\(field) may hold at most \(max) points (got \(items.count))")
            return nil
        }
        var objects: [[String: JSONValue]] = []
        objects.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item else {
                check.add("\(field)[\(index)]", "type", "\(field)[\(index)] must be an object (got \(item.typeName))")
                return nil
            }
            objects.append(members)
        }
        return objects
    }

    /// A number member of a point, or nil with an issue naming `path`.
    static func pointNumber(_ members: [String: JSONValue], _ name: String, path: String, required: Bool, check: inout IssueList) -> Double? {
        guard let value = members[name], !value.isNull else {
            if required { check.add("\(path).\(name)", "required", "\(path).\(name) is required") }
            return nil
        }
        guard case .number(let number) = value else {
            check.add("\(path).\(name)", "type", "\(path).\(name) must be a number (got \(value.typeName))")
            return nil
        }
        guard number.isFinite else {
            check.add("\(path).\(name)", "not_finite", "\(path).\(name) must be a finite number")
            return nil
        }
        return number
    }

    /// An instant member of a point inside the accepted window.
    static func pointTime(_ members: [String: JSONValue], path: String, check: inout IssueList) -> Int64? {
        guard let number = pointNumber(members, "timeMs", path: path, required: true, check: &check) else { return nil }
        guard number == number.rounded(), let ms = Int64(exactly: number) else {
            check.add("\(path).timeMs", "type", "\(path).timeMs must be an integer number of epoch milliseconds")
            return nil
        }
        return check.instant(ms, "\(path).timeMs")
    }

    static func heartRatePoints(_ value: JSONValue?, check: inout IssueList) -> [HeartRatePoint] {
        guard let items = elements(value, "heartRate", max: maxHeartRatePoints, check: &check) else { return [] }
        var points: [HeartRatePoint] = []
        points.reserveCapacity(items.count)
        for (index, members) in items.enumerated() {
            let path = "heartRate[\(index)]"
            let time = pointTime(members, path: path, check: &check)
            let bpm = pointNumber(members, "bpm", path: path, required: true, check: &check)
            if let bpm, !heartRateRange.contains(bpm) {
                check.add("\(path).bpm", "range", "\(path).bpm \(FieldReader.format(bpm)) is outside the plausible range 20…300 bpm")
                continue
            }
            if let time, let bpm { points.append(HeartRatePoint(timeMs: time, bpm: bpm)) }
            // One bad point is enough to name; a thousand would bury the message.
            if check.issues.count >= 20 { break }
        }
        return points.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
    }

    static func routePoints(_ value: JSONValue?, check: inout IssueList) -> [RoutePoint] {
        guard let items = elements(value, "route", max: maxRoutePoints, check: &check) else { return [] }
        var points: [RoutePoint] = []
        points.reserveCapacity(items.count)
        for (index, members) in items.enumerated() {
            let path = "route[\(index)]"
            let time = pointTime(members, path: path, check: &check)
            var latitude = pointNumber(members, "latitude", path: path, required: true, check: &check)
            var longitude = pointNumber(members, "longitude", path: path, required: true, check: &check)
            var altitude = pointNumber(members, "altitude", path: path, required: false, check: &check)
            if let value = latitude, !(-90...90).contains(value) {
                check.add("\(path).latitude", "range", "\(path).latitude \(FieldReader.format(value)) must lie between −90 and 90 degrees")
                latitude = nil
            }
            if let value = longitude, !(-180...180).contains(value) {
                check.add("\(path).longitude", "range", "\(path).longitude \(FieldReader.format(value)) must lie between −180 and 180 degrees")
                longitude = nil
            }
            if let value = altitude, !altitudeRange.contains(value) {
                check.add("\(path).altitude", "range", "\(path).altitude \(FieldReader.format(value)) m is outside the plausible range −500…9000 m")
                altitude = nil
            }
            if let time, let latitude, let longitude, check.isEmpty {
                points.append(RoutePoint(timeMs: time, latitude: latitude, longitude: longitude, altitudeM: altitude))
            }
            if check.issues.count >= 20 { break }
        }
        return points.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
    }
}
