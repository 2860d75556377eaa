import HealthDomain
import HealthStore
import JSON
import Notifications

extension ChangeWatcher {
    /// `day.settled` for each waiting day whose every (non-sleep) aggregate the rule now calls
    /// settled: its local day has ended and nothing for it arrived for two hours.
    func settleDays(_ feed: ChangeFeedWriter, rule: SettlingRule) throws -> [ChangeDraft] {
        var drafts: [ChangeDraft] = []
        for pending in try feed.marks(Marks.pendingDay) {
            guard let day = DayKey(pending.key) else {
                try feed.removeMark(Marks.pendingDay, pending.key)
                continue
            }
            let rows = try feed.reader.judgementDays(catalog: store.catalog, metrics: nil, from: day, to: day)
                .filter { store.catalog.kind(of: $0.metric) != .sleep }
            if rows.isEmpty {
                // Every aggregate of the day went (its samples were deleted): nothing settles.
                try feed.removeMark(Marks.pendingDay, pending.key)
                continue
            }
            guard rows.allSatisfy({ rule.status($0, catalog: store.catalog) == .settled }) else { continue }
            let before = try feed.mark(Marks.emittedDay, pending.key) ?? 0
            drafts.append(ChangeDraft(type: ChangeEventType.daySettled.rawValue, subject: [
                "day": .string(pending.key), "metrics": .array(rows.map { .string($0.metric.rawValue) }), "revised": .bool(before > 0),
            ], values: Self.values(rows)))
            try feed.setMark(Marks.emittedDay, pending.key, value: before + 1, atMs: rule.nowMs)
            try feed.removeMark(Marks.pendingDay, pending.key)
        }
        return drafts
    }

    /// `night.settled` for each waiting night the night rule now calls settled: its last
    /// segment ended 45 minutes ago and none arrived for 20. The night's morning then waits
    /// for its readiness score.
    func settleNights(_ feed: ChangeFeedWriter, rule: SettlingRule) throws -> [ChangeDraft] {
        let sleepMetrics = store.catalog.metrics(ofKind: [.sleep])
        var drafts: [ChangeDraft] = []
        for pending in try feed.marks(Marks.pendingNight) {
            guard let day = DayKey(pending.key), !sleepMetrics.isEmpty else {
                try feed.removeMark(Marks.pendingNight, pending.key)
                continue
            }
            let rows = try feed.reader.judgementDays(catalog: store.catalog, metrics: sleepMetrics, from: day, to: day)
            if rows.isEmpty {
                try feed.removeMark(Marks.pendingNight, pending.key)
                continue
            }
            guard rows.allSatisfy({ rule.status($0, catalog: store.catalog) == .settled }) else { continue }
            let before = try feed.mark(Marks.emittedNight, pending.key) ?? 0
            var subject: [String: JSONValue] = [
                "night": .string(pending.key), "metrics": .array(rows.map { .string($0.metric.rawValue) }), "revised": .bool(before > 0),
            ]
            if let source = rows.first?.source, source != "unknown" { subject["source"] = .string(source) }
            var values: [String: JSONValue] = [:]
            if let asleep = rows.first?.value { values["asleepMinutes"] = .number(asleep) }
            drafts.append(ChangeDraft(type: ChangeEventType.nightSettled.rawValue, subject: subject, values: values.isEmpty ? nil : values))
            try feed.setMark(Marks.emittedNight, pending.key, value: before + 1, atMs: rule.nowMs)
            try feed.removeMark(Marks.pendingNight, pending.key)
            // Readiness is read in the morning: last night's, or the one before it.
            if day >= rule.today.adding(days: -1), try feed.mark(Marks.emittedReadiness, pending.key) == nil {
                try feed.setMark(Marks.pendingReadiness, pending.key, value: 0, atMs: rule.nowMs)
            }
        }
        return drafts
    }

    /// `readiness.ready`, once per day, when the night of a waiting day has settled and the
    /// day's readiness is scored (HRV or resting heart rate may arrive after the night).
    /// A day waits until the day after it ends; then it is let go unscored.
    func scoreReadiness(_ feed: ChangeFeedWriter, rule: SettlingRule) throws -> [ChangeDraft] {
        var drafts: [ChangeDraft] = []
        for pending in try feed.marks(Marks.pendingReadiness) {
            guard let day = DayKey(pending.key), day >= rule.today.adding(days: -1),
                  try feed.mark(Marks.emittedReadiness, pending.key) == nil else {
                try feed.removeMark(Marks.pendingReadiness, pending.key)
                continue
            }
            let readiness = try feed.reader.readiness(day, catalog: store.catalog, rule: rule)
            guard readiness.status == .scored, readiness.lastNight == .settled, let score = readiness.score else { continue }
            var values: [String: JSONValue] = ["score": .number(Double(score))]
            if let band = readiness.band { values["band"] = .string(band.rawValue) }
            drafts.append(ChangeDraft(type: ChangeEventType.readinessReady.rawValue, subject: [
                "day": .string(pending.key), "components": .array(readiness.components.map { .string($0.name.rawValue) }),
            ], values: values))
            try feed.setMark(Marks.emittedReadiness, pending.key, value: 1, atMs: rule.nowMs)
            try feed.removeMark(Marks.pendingReadiness, pending.key)
        }
        return drafts
    }

    /// The headline values of stored days, by metric name; nil when none has one.
    static func values(_ rows: [JudgementReads.StoredDay]) -> [String: JSONValue]? {
        var values: [String: JSONValue] = [:]
        for row in rows { values[row.metric.rawValue] = row.value.map { .number($0) } ?? .null }
        return values.isEmpty ? nil : values
    }
}
