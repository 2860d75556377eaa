extension DayAggregator {
    /// One night from one source.
    ///
    /// The source is the best-ranked one with stage data, else the best-ranked with any
    /// asleep data, else the best-ranked with any segment: sources disagree about the
    /// same night, and mixing them double counts. Within that source a coarse `asleep`
    /// span is ignored when stages exist (Apple Watch writes both for the same time) and
    /// counts as unspecified otherwise. Every duration is a union, so overlapping
    /// segments of one kind are merged rather than added.
    static func sleep(samples: [Sample], priority: SourcePriority) -> SleepNight? {
        let groups = groupedBySource(samples.filter { $0.sleepCategory != nil }, priority: priority)
        guard let first = groups.first else { return nil }
        let chosen =
            groups.first { $0.samples.contains { $0.sleepCategory?.isStage == true } }
            ?? groups.first { $0.samples.contains { $0.sleepCategory?.isAsleep == true } }
            ?? first

        // A night a client sent both as its own segments and as an aggregated night
        // (laid out as segments, marked `aggregatedNight`) counts once: the segments,
        // which carry the real times, win.
        let laidOut = chosen.samples.filter { $0.metadata?.contains("\"aggregatedNight\"") == true }
        let nightSamples = laidOut.isEmpty || laidOut.count == chosen.samples.count
            ? chosen.samples : chosen.samples.filter { $0.metadata?.contains("\"aggregatedNight\"") != true }

        var byCategory: [SleepCategory: [Interval]] = [:]
        for sample in nightSamples {
            guard let category = sample.sleepCategory else { continue }
            byCategory[category, default: []].append(Interval(start: sample.startTimeMs, end: sample.endTimeMs))
        }
        func union(_ category: SleepCategory) -> IntervalSet { IntervalSet(byCategory[category] ?? []) }

        let hasStages = SleepCategory.allCases.contains { $0.isStage && byCategory[$0] != nil }
        let deep = union(.asleepDeep), rem = union(.asleepREM), core = union(.asleepCore)
        // A night laid out from an aggregated record holds the unstaged part as its own
        // block beside the stages (never over them), so it counts as unspecified; a coarse
        // span a device wrote over its own stages does not.
        let laidOutNight = !laidOut.isEmpty && laidOut.count == nightSamples.count
        let unspecified = hasStages && !laidOutNight ? IntervalSet() : union(.asleep)
        let asleep = deep.union(rem).union(core).union(unspecified)
        return SleepNight(
            deepMs: deep.totalLength, remMs: rem.totalLength, coreMs: core.totalLength,
            unspecifiedMs: unspecified.totalLength, awakeMs: union(.awake).totalLength,
            inBedMs: union(.inBed).totalLength, sleepStart: asleep.start, sleepEnd: asleep.end,
            source: chosen.name, sources: groups.map(\.name),
            sampleCount: groups.reduce(0) { $0 + $1.samples.count })
    }
}
