/// The rules every ingested workout passes, whatever format it came in (see
/// ``WorkoutDraft``): a known activity type, times inside 1970…2100 with end ≥ start
/// and at most ``maxSpanMs`` apart, a known zone, energy and distance converted to kcal
/// and km and inside plausible ranges, heart rates and coordinates inside theirs, and
/// bounded timelines. Every issue is reported, in field order and under the wire's own
/// field names, so a client fixes a workout in one round trip.
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

    /// Rules with the built-in limits.
    public init() {}

    /// A stored workout from `draft`, or every issue found, each under the draft's wire name.
    public func validate(_ draft: WorkoutDraft) -> RecordValidation<Workout> {
        let names = draft.fields
        var check = IssueList(draft.issues)

        let key = check.length(draft.workoutKey, names.workoutKey, 1...256)
        let type = activityType(draft.activityType, names.activityType, check: &check)
        let name = check.length(draft.name, names.name, 1...128)
        let start = check.instant(draft.startTimeMs, names.start)
        let end = check.instant(draft.endTimeMs, names.end)
        if let start, let end {
            if end < start {
                check.add(names.end, "order", "\(names.end) must be ≥ \(names.start) (got \(end) < \(start))")
            } else if end - start > Self.maxSpanMs {
                check.add(names.end, "range", "a workout may last at most \(Self.maxSpanMs / 3_600_000) h (\(names.end) − \(names.start) = \(NumberText.format(Double(end - start) / 3_600_000)) h)")
            }
        }
        var duration = draft.durationSeconds
        if let seconds = draft.durationSeconds, let start, let end, end >= start {
            // Pauses make the active time shorter than the span, never longer (1 s of rounding allowed).
            let span = Double(end - start) / 1000
            if seconds < 0 || seconds > span + 1 {
                check.add(names.duration, "range", "\(names.duration) must lie between 0 and \(names.end) − \(names.start) (\(NumberText.format(span)) s) (got \(NumberText.format(seconds)))")
                duration = nil
            }
        }
        let energy = Self.convert(draft.activeEnergy, names.activeEnergy, unit: draft.activeEnergyUnit, names.activeEnergyUnit,
                                  units: Self.energyUnits, range: Self.energyRange, check: &check)
        let distance = Self.convert(draft.distance, names.distance, unit: draft.distanceUnit, names.distanceUnit,
                                    units: Self.distanceUnits, range: Self.distanceRange, check: &check)
        for (field, value) in [(names.avgHeartRate, draft.avgHeartRate), (names.maxHeartRate, draft.maxHeartRate)] {
            if let value, !Self.heartRateRange.contains(value) {
                check.add(field, "range", "\(field) \(NumberText.format(value)) bpm is outside the plausible range 20…300 bpm")
            }
        }
        if let avg = draft.avgHeartRate, let max = draft.maxHeartRate, Self.heartRateRange.contains(avg), Self.heartRateRange.contains(max), max < avg {
            check.add(names.maxHeartRate, "order", "\(names.maxHeartRate) (\(NumberText.format(max))) must be ≥ \(names.avgHeartRate) (\(NumberText.format(avg)))")
        }
        let heartRate = Self.heartRatePoints(draft.heartRate, names.heartRate, check: &check)
        let route = Self.routePoints(draft.route, names.route, check: &check)
        let source = check.length(draft.sourceName, names.sourceName, 0...256)
        let bundle = check.length(draft.sourceBundleId, names.sourceBundleId, 0...256)
        let device = check.length(draft.device, names.device, 0...256)
        var zone = check.length(draft.timezone, names.timezone, 1...64)
        check.require(names.timezone, when: draft.timezone == nil)
        if let sent = zone, !KnownTimeZones.contains(sent) {
            check.add(names.timezone, "timezone", "\(names.timezone) '\(sent)' is not a known IANA time zone (use a name such as 'Europe/Berlin' or 'America/New_York')")
            zone = nil
        }
        let metadata = check.metadata(draft.metadata, names.metadata)

        guard check.isEmpty, let type, let start, let end, let zone else {
            return .invalid(Self.ordered(check.issues, names.ordered))
        }
        let sourceName = source?.isEmpty == false ? source : nil
        let bundleId = bundle?.isEmpty == false ? bundle : nil
        return .valid(Workout(
            workoutKey: key ?? WorkoutKey.derived(activityType: type, source: sourceName ?? bundleId ?? "unknown", startTimeMs: start, endTimeMs: end),
            activityType: type, name: name ?? type.displayName, startTimeMs: start, endTimeMs: end,
            durationSeconds: duration ?? Double(end - start) / 1000, activeEnergyKcal: energy, distanceKm: distance,
            avgHeartRateBpm: draft.avgHeartRate, maxHeartRateBpm: draft.maxHeartRate, heartRate: heartRate, route: route,
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
    func activityType(_ value: WorkoutDraft.ActivityType?, _ field: String, check: inout IssueList) -> WorkoutActivityType? {
        guard let value else {
            if !check.has(field) {
                check.add(field, "required", "\(field) is required (a HealthKit workout activity type such as running, or its number such as 37)")
            }
            return nil
        }
        let found: WorkoutActivityType?
        let shown: String
        switch value {
        case .name(let text):
            shown = "'\(text.prefix(64))'"
            found = WorkoutActivityType.resolve(text)
        case .number(let number):
            shown = NumberText.format(number)
            found = number.isFinite && number == number.rounded() && abs(number) < 1e9 ? WorkoutActivityType.resolve(number: Int(number)) : nil
        }
        guard let found else {
            check.add(field, "unknown_value", "\(field) \(shown) is not a HealthKit workout activity type; use a name such as running, walking, cycling, swimming, yoga (GET /health/capabilities lists them) or its number")
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
            let sent = sentUnit == units.canonical ? "" : " (\(NumberText.format(value)) \(sentUnit))"
            check.add(field, "range", "\(field) \(NumberText.format(converted)) \(units.canonical)\(sent) is outside the plausible range \(NumberText.format(range.lowerBound))…\(NumberText.format(range.upperBound)) \(units.canonical)")
            return nil
        }
        return converted
    }

    /// The readings of a heart-rate timeline in time order; an issue per reading that
    /// breaks a rule (the first 20 issues: one bad point is enough to name, a thousand
    /// would bury the message).
    static func heartRatePoints(_ points: [WorkoutDraft.HeartRatePoint]?, _ field: String, check: inout IssueList) -> [HeartRatePoint] {
        guard let points, fits(points.count, field, max: maxHeartRatePoints, check: &check) else { return [] }
        var kept: [HeartRatePoint] = []
        kept.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            let path = "\(field)[\(index)]"
            let time = pointTime(point.timeMs, path: path, check: &check)
            let bpm = pointValue(point.bpm, "\(path).bpm", check: &check)
            if let bpm, !heartRateRange.contains(bpm) {
                check.add("\(path).bpm", "range", "\(path).bpm \(NumberText.format(bpm)) is outside the plausible range 20…300 bpm")
                continue
            }
            if let time, let bpm { kept.append(HeartRatePoint(timeMs: time, bpm: bpm)) }
            if check.issues.count >= 20 { break }
        }
        return kept.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
    }

    /// The points of a route in time order; an issue per point that breaks a rule (the first 20).
    static func routePoints(_ points: [WorkoutDraft.RoutePoint]?, _ field: String, check: inout IssueList) -> [RoutePoint] {
        guard let points, fits(points.count, field, max: maxRoutePoints, check: &check) else { return [] }
        var kept: [RoutePoint] = []
        kept.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            let path = "\(field)[\(index)]"
            let time = pointTime(point.timeMs, path: path, check: &check)
            var latitude = pointValue(point.latitude, "\(path).latitude", check: &check)
            var longitude = pointValue(point.longitude, "\(path).longitude", check: &check)
            var altitude = point.altitude
            if let value = latitude, !(-90...90).contains(value) {
                check.add("\(path).latitude", "range", "\(path).latitude \(NumberText.format(value)) must lie between −90 and 90 degrees")
                latitude = nil
            }
            if let value = longitude, !(-180...180).contains(value) {
                check.add("\(path).longitude", "range", "\(path).longitude \(NumberText.format(value)) must lie between −180 and 180 degrees")
                longitude = nil
            }
            if let value = altitude, !altitudeRange.contains(value) {
                check.add("\(path).altitude", "range", "\(path).altitude \(NumberText.format(value)) m is outside the plausible range −500…9000 m")
                altitude = nil
            }
            if let time, let latitude, let longitude, check.isEmpty {
                kept.append(RoutePoint(timeMs: time, latitude: latitude, longitude: longitude, altitudeM: altitude))
            }
            if check.issues.count >= 20 { break }
        }
        return kept.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
    }

    /// Whether a timeline of `count` points is within `max`; a `length` issue otherwise.
    static func fits(_ count: Int, _ field: String, max: Int, check: inout IssueList) -> Bool {
        guard count > max else { return true }
        check.add(field, "length", "\(field) may hold at most \(max) points (got \(count))")
        return false
    }

    /// A required member of a point: `required` when absent and the wire reported nothing for it.
    static func pointValue(_ value: Double?, _ path: String, check: inout IssueList) -> Double? {
        guard let value else {
            check.require(path, when: true)
            return nil
        }
        return value
    }

    /// A point's instant inside the accepted window.
    static func pointTime(_ ms: Int64?, path: String, check: inout IssueList) -> Int64? {
        guard let ms else {
            check.require("\(path).timeMs", when: true)
            return nil
        }
        return check.instant(ms, "\(path).timeMs")
    }
}
