import HealthDemo
import HealthDomain

/// A heavy user's ten years for `healthd-bench scale`: 2016-01-01 … 2025-12-31, about
/// 14,000 samples a day and 52 million in all, generated one day at a time (never held
/// in memory) and the same for a seed on every machine.
///
/// Each day is a ``DemoHistory`` day — the night with stages from the Watch (or only the
/// iPhone's coarse span), Watch and iPhone steps, meals, resting heart rate, HRV, weighings,
/// Berlin's DST changes and the trip to Tokyo — made dense the way a Watch worn day and
/// night with daily training is:
/// - a morning run on six days of seven and a ride on four, recorded every 5 seconds
///   (heart rate, active energy, distance, and running power, speed, stride length,
///   vertical oscillation and ground contact time, or cycling power, speed and cadence),
///   with steps and exercise minutes per minute; none on sick or flight days;
/// - heart rate every 5 minutes outside workouts, basal energy every 30 seconds, the
///   Watch's active energy in 15-second chunks, distance beside every step count;
/// - respiratory rate every 5 minutes, oxygen saturation every 30 and the wrist
///   temperature of each night the Watch recorded;
/// - environmental sound every 10 minutes and a stand-hour entry every hour awake;
/// - each meal as the food app logs it: two to five items at the meal's time, each with
///   energy, protein, carbohydrates and fat, and a glass of water.
///
/// Keys are HealthKit-style UUIDs; samples are in time order within a day, as a phone
/// syncing through the day sends them.
struct LifetimeHistory: Sendable {
    /// The last day of the history.
    static let lastDay = DayKey(year: 2025, month: 12, day: 31)!
    /// Ten years of days, 2016-01-01 … 2025-12-31.
    static let tenYears = 3_653

    let base: DemoHistory
    let seed: UInt64
    let watch: Source
    let phone: Source

    /// A recording device or app as its samples name it.
    struct Source: Sendable, Equatable {
        var name: String
        var bundleId: String
    }

    /// The history of `days` days ending with `lastDay` (shorter ones for tests).
    init(seed: UInt64 = 1, days: Int = LifetimeHistory.tenYears, lastDay: DayKey = LifetimeHistory.lastDay) {
        self.seed = seed
        base = DemoHistory(days: days, endDay: lastDay, seed: seed)
        watch = Source(name: base.watchSource.name, bundleId: base.watchSource.bundleId)
        phone = Source(name: base.phoneSource.name, bundleId: base.phoneSource.bundleId)
    }

    var dayCount: Int { base.dayCount }
    var firstDay: DayKey { base.firstDay }

    // The metrics the dense layers add, beside DemoHistory's canonical ones.
    static let heartRate: Metric = "heart_rate_bpm"
    static let basalEnergy: Metric = "basal_energy_kcal"
    static let walkingDistance: Metric = "distance_walking_running_km"
    static let cyclingDistance: Metric = "distance_cycling_km"
    static let runningPower: Metric = "running_power_w"
    static let runningSpeed: Metric = "running_speed_km_h"
    static let strideLength: Metric = "running_stride_length_m"
    static let verticalOscillation: Metric = "running_vertical_oscillation_cm"
    static let groundContact: Metric = "running_ground_contact_time_ms"
    static let cyclingPower: Metric = "cycling_power_w"
    static let cyclingSpeed: Metric = "cycling_speed_km_h"
    static let cadence: Metric = "cycling_cadence_rpm"
    static let exerciseTime: Metric = "apple_exercise_time_min"
    static let respiratoryRate: Metric = "respiratory_rate_per_min"
    static let oxygenSaturation: Metric = "oxygen_saturation_percent"
    static let wristTemperature: Metric = "wrist_temperature_degc"
    static let soundLevel: Metric = "environmental_audio_exposure_dba"
    static let standHour: Metric = "apple_stand_hour"
    static let protein: Metric = "dietary_protein_g"
    static let carbohydrates: Metric = "dietary_carbohydrates_g"
    static let fat: Metric = "dietary_fat_total_g"
    static let water: Metric = "dietary_water_ml"

    /// Each metric's canonical unit ("category" for categories), looked up once.
    static let units: [Metric: String] = {
        var units: [Metric: String] = [:]
        for spec in MetricCatalog.standard.specs { units[spec.metric] = spec.unit ?? "category" }
        return units
    }()

    static let minute: Int64 = 60_000

    /// The samples of day `index` (0 ..< ``dayCount``), in time order.
    func samples(forDayIndex index: Int) -> [Sample] {
        let outline = base.outline(forDayIndex: index)
        let workouts = self.workouts(outline)
        var out: [Sample] = []
        out.reserveCapacity(17_000)
        let watchNight = reshapeBase(base.samples(forDayIndex: index), outline, workouts, into: &out)
        for workout in workouts { workoutSamples(workout, outline, into: &out) }
        wearSamples(outline, workouts, watchNight: watchNight, into: &out)

        // Time order, ties kept in generation order, then a key for each.
        let order = out.indices.sorted { a, b in
            let x = out[a], y = out[b]
            if x.startTimeMs != y.startTimeMs { return x.startTimeMs < y.startTimeMs }
            return a < b
        }
        var keys = SeededDraws(seed: seed, day: outline.day.ordinal, stream: 99)
        return order.map { i in
            var sample = out[i]
            sample.sampleKey = keys.uuid()
            return sample
        }
    }

    /// A sample of `outline`'s day (its key is given later).
    func sample(_ outline: DemoDayOutline, _ metric: Metric, _ start: Int64, _ end: Int64, value: Double? = nil,
                category: String? = nil, source: Source) -> Sample {
        Sample(sampleKey: "", metric: metric, startTimeMs: start, endTimeMs: end, valueNumber: value, categoryValue: category,
               unit: Self.units[metric] ?? "category", sourceName: source.name, sourceBundleId: source.bundleId, timezone: outline.zone)
    }

    /// The UTC instant of local minute `minute` of `day` in `zone`, the offset looked up
    /// near the target so a DST change earlier that day does not shift it.
    static func instant(_ day: DayKey, minute: Int, zone: String) -> Int64 {
        let clock = ZoneClock.shared
        let local = Int64(day.ordinal) * 86_400_000 + Int64(minute) * 60_000
        let guess = local - Int64(clock.offsetSeconds(atMs: local, zone: zone)) * 1000
        return local - Int64(clock.offsetSeconds(atMs: guess, zone: zone)) * 1000
    }

    /// Rounds to `places` decimals, as devices report values.
    static func round(_ value: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
