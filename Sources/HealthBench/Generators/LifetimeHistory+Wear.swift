import HealthDemo
import HealthDomain

extension LifetimeHistory {
    /// What a Watch worn day and night records besides workouts: heart rate every 5
    /// minutes (outside workouts, which record their own), basal energy every 30 seconds,
    /// the night's respiratory rate, oxygen saturation and wrist temperature when the Watch
    /// recorded it, environmental sound every 10 minutes and a stand-hour entry each hour awake.
    func wearSamples(_ outline: DemoDayOutline, _ workouts: [Workout], watchNight: Bool, into out: inout [Sample]) {
        var r = SeededDraws(seed: seed, day: outline.day.ordinal, stream: 15)
        let from = outline.night.lowerBound, to = outline.waking.upperBound
        let night = outline.night

        var t = from
        while t < to {
            let at = t + Int64(r.int(0...20)) * 1_000
            if at < to, !workouts.contains(where: { $0.overlaps(at, at) }) {
                let bpm = night.contains(at) ? r.double(48, 60) : r.double(62, 92)
                out.append(sample(outline, Self.heartRate, at, at, value: bpm.rounded(), source: watch))
            }
            t += 5 * Self.minute
        }

        let half: Int64 = 30_000
        t = from
        while t + half <= to {
            out.append(sample(outline, Self.basalEnergy, t, t + half, value: Self.round(r.double(0.50, 0.62), 3), source: watch))
            t += half
        }

        if watchNight {
            t = night.lowerBound + 10 * Self.minute
            while t < night.upperBound {
                out.append(sample(outline, Self.respiratoryRate, t, t, value: Self.round(r.double(12.5, 16.5), 1), source: watch))
                t += 5 * Self.minute
            }
            t = night.lowerBound + 15 * Self.minute
            while t < night.upperBound {
                out.append(sample(outline, Self.oxygenSaturation, t, t, value: Double(r.int(93...99)), source: watch))
                t += 30 * Self.minute
            }
            out.append(sample(outline, Self.wristTemperature, night.lowerBound, night.upperBound,
                              value: Self.round(r.double(35.6, 36.6), 2), source: watch))
        }

        let waking = outline.waking
        t = waking.lowerBound
        while t + 10 * Self.minute <= waking.upperBound {
            out.append(sample(outline, Self.soundLevel, t, t + 10 * Self.minute, value: Self.round(r.double(45, 78), 1), source: watch))
            t += 10 * Self.minute
        }

        // The hours of the local clock (DST changes happen at night, so one offset serves).
        let offset = Int64(ZoneClock.shared.offsetSeconds(atMs: waking.lowerBound, zone: outline.zone)) * 1_000
        let hour: Int64 = 3_600_000
        t = ((waking.lowerBound + offset) / hour + 1) * hour - offset
        while t + hour <= waking.upperBound {
            out.append(sample(outline, Self.standHour, t, t, category: r.chance(0.8) ? "stood" : "idle", source: watch))
            t += hour
        }
    }
}
