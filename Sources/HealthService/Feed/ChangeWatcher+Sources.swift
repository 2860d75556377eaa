import HealthDomain
import HealthStore
import JSON
import Notifications

extension ChangeWatcher {
    /// `source.silent` when a source that synced daily has sent nothing for 24 hours
    /// (``SourceSilence``), `source.back` when a silent one sends again; once per transition.
    ///
    /// The arrivals come from the sync ledger (the latest request per adapter and source),
    /// seen at each tick: every write that can arrive arrives through the running server,
    /// so a tick a minute sees every day a source arrived on.
    func watchSources(_ feed: ChangeFeedWriter, nowMs: Int64) throws -> [ChangeDraft] {
        var known: [String: WatchedSource] = [:]
        for source in try feed.watchedSources() { known[source.key] = source }
        var drafts: [ChangeDraft] = []
        for arrival in try feed.sourceArrivals() {
            let before = known[arrival.key]
            var source = before ?? WatchedSource(key: arrival.key, name: arrival.name, lastArrivalMs: arrival.lastArrivalMs,
                                                 arrivalDays: [], silentSinceMs: nil)
            if before == nil || arrival.lastArrivalMs > source.lastArrivalMs {
                source.arrivalDays = SourceSilence.recording(SourceSilence.day(ofMs: arrival.lastArrivalMs), in: source.arrivalDays)
                source.lastArrivalMs = arrival.lastArrivalMs
                source.name = arrival.name
                if let since = source.silentSinceMs {
                    drafts.append(Self.sourceDraft(.sourceBack, source, extra: [
                        "silentSinceMs": .number(Double(since)), "silentSince": .string(InstantText.utc(ms: since)),
                    ]))
                    source.silentSinceMs = nil
                }
            }
            if source.silentSinceMs == nil,
               SourceSilence.isSilent(lastArrivalMs: source.lastArrivalMs, arrivalDays: source.arrivalDays, nowMs: nowMs) {
                drafts.append(Self.sourceDraft(.sourceSilent, source, extra: [:]))
                source.silentSinceMs = nowMs
            }
            if source != before { try feed.save(source) }
        }
        return drafts
    }

    /// A source event: its name as sent and when samples of it last arrived.
    static func sourceDraft(_ type: ChangeEventType, _ source: WatchedSource, extra: [String: JSONValue]) -> ChangeDraft {
        ChangeDraft(type: type.rawValue, subject: [
            "source": .string(source.name), "lastArrivalMs": .number(Double(source.lastArrivalMs)),
            "lastArrivalAt": .string(InstantText.utc(ms: source.lastArrivalMs)),
        ].merging(extra) { _, new in new })
    }
}
