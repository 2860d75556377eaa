import HealthDemo
import HealthDomain

extension LifetimeHistory {
    /// One training session of a day.
    struct Workout: Equatable {
        enum Kind: Equatable { case run, ride }
        var kind: Kind
        var start: Int64
        var end: Int64

        func overlaps(_ start: Int64, _ end: Int64) -> Bool { start < self.end && self.start < max(end, start + 1) }
    }

    /// The day's sessions: a run 20–40 minutes after waking on every day but Monday, and a
    /// ride on Tuesday and Thursday evenings and weekend afternoons; none on sick or flight
    /// days, and none that would run into the evening's end of data.
    func workouts(_ outline: DemoDayOutline) -> [Workout] {
        guard !outline.isSick, !outline.isTravelDay else { return [] }
        var r = SeededDraws(seed: seed, day: outline.day.ordinal, stream: 11)
        let latest = outline.waking.upperBound - 30 * Self.minute
        var list: [Workout] = []
        let weekday = outline.day.weekday
        if weekday != 1 {
            let start = outline.waking.lowerBound + Int64(r.int(20...40)) * Self.minute
            let end = start + Int64(r.int(40...70)) * Self.minute
            if end <= latest { list.append(Workout(kind: .run, start: start, end: end)) }
        }
        if [2, 4, 6, 7].contains(weekday) {
            let local = weekday >= 6 ? 14 * 60 + r.int(0...60) : 18 * 60 + 30 + r.int(0...30)
            let start = Self.instant(outline.day, minute: local, zone: outline.zone)
            let end = start + Int64(r.int(50...90)) * Self.minute
            let earliest = (list.last?.end ?? outline.waking.lowerBound) + 30 * Self.minute
            if start >= earliest, end <= latest { list.append(Workout(kind: .ride, start: start, end: end)) }
        }
        return list
    }

    /// A session as the Watch records it: every 5 seconds heart rate, active energy,
    /// distance and the run's or ride's own figures; steps (runs) and exercise time per minute.
    func workoutSamples(_ workout: Workout, _ outline: DemoDayOutline, into out: inout [Sample]) {
        var r = SeededDraws(seed: seed, day: outline.day.ordinal, stream: workout.kind == .run ? 12 : 13)
        let tick: Int64 = 5_000
        let ticks = Int((workout.end - workout.start) / tick)
        for k in 0..<ticks {
            let t = workout.start + Int64(k) * tick
            let progress = Double(k) / Double(max(ticks, 1))
            switch workout.kind {
            case .run:
                let speed = r.double(10.5, 12.5)  // km/h
                out.append(sample(outline, Self.heartRate, t, t, value: (128 + 30 * progress + r.double(-3, 3)).rounded(), source: watch))
                out.append(sample(outline, .activeEnergyKcal, t, t + tick, value: Self.round(r.double(0.8, 1.0), 3), source: watch))
                out.append(sample(outline, Self.walkingDistance, t, t + tick, value: Self.round(speed * 5 / 3600, 4), source: watch))
                out.append(sample(outline, Self.runningPower, t, t, value: (speed * 21 + r.double(-10, 10)).rounded(), source: watch))
                out.append(sample(outline, Self.runningSpeed, t, t, value: Self.round(speed, 2), source: watch))
                out.append(sample(outline, Self.strideLength, t, t, value: Self.round(speed / 3.6 / r.double(2.7, 2.9), 2), source: watch))
                out.append(sample(outline, Self.verticalOscillation, t, t, value: Self.round(r.double(7.5, 9.5), 1), source: watch))
                out.append(sample(outline, Self.groundContact, t, t, value: r.double(230, 270).rounded(), source: watch))
            case .ride:
                let speed = r.double(24, 34)
                out.append(sample(outline, Self.heartRate, t, t, value: (115 + 25 * progress + r.double(-3, 3)).rounded(), source: watch))
                out.append(sample(outline, .activeEnergyKcal, t, t + tick, value: Self.round(r.double(0.55, 0.75), 3), source: watch))
                out.append(sample(outline, Self.cyclingDistance, t, t + tick, value: Self.round(speed * 5 / 3600, 4), source: watch))
                out.append(sample(outline, Self.cyclingPower, t, t, value: r.double(150, 250).rounded(), source: watch))
                out.append(sample(outline, Self.cyclingSpeed, t, t, value: Self.round(speed, 1), source: watch))
                out.append(sample(outline, Self.cadence, t, t, value: r.double(80, 95).rounded(), source: watch))
            }
        }
        for m in 0..<Int((workout.end - workout.start) / Self.minute) {
            let t = workout.start + Int64(m) * Self.minute
            if workout.kind == .run {
                out.append(sample(outline, .stepCount, t, t + Self.minute, value: r.double(160, 176).rounded(), source: watch))
            }
            out.append(sample(outline, Self.exerciseTime, t, t + Self.minute, value: 1, source: watch))
        }
    }
}
