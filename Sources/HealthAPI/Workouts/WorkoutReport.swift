import HealthDomain
import JSON
import HealthStore

/// The answer to the `workouts` query intent: the workouts of a range (of one type when
/// asked), their totals overall and per type, and one sentence to quote.
struct WorkoutReport: Sendable {
    var range: DayRange
    var type: WorkoutActivityType?
    var zone: SummaryZone

    /// Reads the range's workouts through `reader` (the caller's reader job) and words them.
    func build(_ reader: StoreReader) throws -> JSONValue {
        let stored = try reader.workouts(from: range.from, to: range.to, type: type)
        return try render(stored)
    }

    struct Total {
        var type: WorkoutActivityType
        var count = 0
        var seconds = 0.0
        var km: Double?
        var kcal: Double?
    }

    func render(_ stored: [StoredWorkout]) throws -> JSONValue {
        var totals: [String: Total] = [:]
        var order: [String] = []
        var all = Total(type: type ?? WorkoutActivityType.all[0])
        for item in stored {
            let w = item.workout
            if totals[w.activityType.name] == nil { order.append(w.activityType.name) }
            var total = totals[w.activityType.name] ?? Total(type: w.activityType)
            for index in 0..<2 {
                // The same sums per type and over all workouts.
                var t = index == 0 ? total : all
                t.count += 1
                t.seconds += w.durationSeconds
                if let km = w.distanceKm { t.km = (t.km ?? 0) + km }
                if let kcal = w.activeEnergyKcal { t.kcal = (t.kcal ?? 0) + kcal }
                if index == 0 { total = t } else { all = t }
            }
            totals[w.activityType.name] = total
        }
        // Most workouts first, then longest, then by name: a stable order for the text.
        let ranked = order.compactMap { totals[$0] }.sorted {
            ($0.count, $0.seconds, $1.type.name) > ($1.count, $1.seconds, $0.type.name)
        }
        func totalJSON(_ t: Total) -> [String: JSONValue] {
            [
                "count": JSONValue(t.count),
                "durationSeconds": SummaryNumber.rounded(t.seconds, decimals: 0),
                "distanceKm": t.km.map { SummaryNumber.rounded($0, decimals: 2) } ?? .null,
                "activeEnergyKcal": t.kcal.map { SummaryNumber.rounded($0, decimals: 0) } ?? .null,
            ]
        }
        let listed = stored.prefix(Limits.workoutIntentItems)
        let days = Set(stored.map(\.day)).count
        let asOf = stored.map(\.workout.endTimeMs).max()
        let sources = Array(Set(stored.compactMap { $0.workout.sourceName ?? $0.workout.sourceBundleId })).sorted()
        return [
            "kind": "workouts",
            "from": .string(range.from.description),
            "to": .string(range.to.description),
            "type": type.map { .string($0.name) } ?? .null,
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "totals": .object(totalJSON(all)),
            "byType": .array(ranked.map { t in
                var members = totalJSON(t)
                members["activityType"] = .string(t.type.name)
                members["name"] = .string(t.type.displayName)
                return .object(members)
            }),
            "workouts": .array(try listed.map { .object(try $0.summaryJSON()) }),
            "truncated": .bool(stored.count > listed.count),
            "provenance": [
                "asOf": asOf.map { .string(SummaryText.isoLocal(atMs: $0, zone: zone.name)) } ?? .null,
                "asOfMs": asOf.map { JSONValue($0) } ?? .null,
                "sources": .array(sources.map { .string($0) }),
                "deduplication": "Workouts are stored once per workoutKey (a HealthKit UUID, or a key derived from type, source, start and end); every stored workout counts. Workouts never add to day aggregates.",
                "coverage": ["workouts": ["daysWithData": JSONValue(days), "daysInRange": JSONValue(range.days)]],
            ],
            "text": .string(text(all: all, ranked: ranked)),
        ]
    }

    /// "Mon 6 Apr – Sun 12 Apr 2026: 3 workouts, 2 runs totalling 13.1 km in 1 h 32 min,
    /// 1 yoga session of 30 min; 1,020 kcal active."
    func text(all: Total, ranked: [Total]) -> String {
        let head = range.from == range.to ? SummaryText.date(range.from) : SummaryText.range(range.from, range.to)
        guard all.count > 0 else {
            return "\(head): no \(type.map { $0.countNoun(2) } ?? "workouts") recorded."
        }
        var parts = ["\(all.count) \(all.count == 1 ? "workout" : "workouts")"]
        parts += ranked.map { WorkoutText.typePhrase($0.type, count: $0.count, seconds: $0.seconds, km: $0.km) }
        var sentence = "\(head): \(parts.joined(separator: ", "))"
        if let kcal = all.kcal { sentence += "; \(SummaryText.integer(kcal)) kcal active" }
        return sentence + "."
    }
}
