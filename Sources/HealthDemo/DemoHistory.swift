import HealthDomain

/// A deterministic, realistic-looking health history for demos, load tests and screenshots.
///
/// Generated one day at a time (``samples(forDayIndex:)``), so a five-year history of
/// two million samples can be streamed into a database in batches without ever being
/// held in memory. The same seed always gives the same samples.
///
/// What it contains, and why each part is there:
/// - Apple Watch and iPhone steps over partly the same periods (the phone counts less and
///   stays at home during workouts), so cross-source de-duplication matters.
/// - Watch active energy in one-minute chunks while awake (the bulk of the volume, as on
///   real devices), plus a few iPhone chunks.
/// - Meals from MyFitnessPal, a daily resting heart rate, several HRV readings, morning
///   weighings with a slow trend and body fat a few times a week from Withings.
/// - A night of sleep for every day (keyed by the wake-up date): Watch nights carry both a
///   coarse `asleep` span and stage segments; some nights only the iPhone's coarse span;
///   now and then a RingConn ring as a second source.
/// - Weekdays and weekends, seasons, a sick week and a summer vacation each year, and one
///   ten-day trip to Tokyo whose samples carry `Asia/Tokyo`.
/// - Local wall-clock times across the home zone's DST changes.
public struct DemoHistory: Sendable {
    /// The number of days generated, ending with ``endDay``.
    public let dayCount: Int
    /// The last generated day (its waking hours; the night after it is not included).
    public let endDay: DayKey
    /// The seed all randomness derives from.
    public let seed: UInt64
    /// The IANA zone of the home days.
    public let homeZone: String
    /// The day indices of the trip abroad, or nil when the history is too short (under 30 days).
    public let tripDayIndices: Range<Int>?

    /// The zone of the trip abroad.
    public static let tripZone = "Asia/Tokyo"
    /// Length of the trip abroad in days.
    public static let tripLength = 10

    let watch: DemoSource
    let phone: DemoSource
    let clock: ZoneClock

    /// A history of `days` days (at least 1) ending with `endDay`.
    public init(days: Int, endDay: DayKey, seed: UInt64 = 1, homeZone: String = "Europe/Berlin") {
        precondition(days >= 1, "a demo history needs at least one day")
        self.dayCount = days
        self.endDay = endDay
        self.seed = seed
        self.homeZone = homeZone
        self.clock = .shared
        var ids = DemoRandom(seed: seed, stream: 99)
        watch = DemoSource(name: "Apple Watch", bundleId: "com.apple.health." + DemoHistory.uuidLike(&ids))
        phone = DemoSource(name: "iPhone", bundleId: "com.apple.health." + DemoHistory.uuidLike(&ids))
        if days >= 30 {
            // Around the middle, shifted a little by the seed; never at either end, so the
            // flights out and back are both inside the history.
            let shift = Int(seed % 7) - 3
            let start = min(max(days / 2 - DemoHistory.tripLength / 2 + shift, 2), days - DemoHistory.tripLength - 2)
            tripDayIndices = start..<(start + DemoHistory.tripLength)
        } else {
            tripDayIndices = nil
        }
    }

    /// The oldest generated day (index 0).
    public var firstDay: DayKey { endDay.adding(days: -(dayCount - 1)) }

    /// The local date of day `index` (0 = ``firstDay``).
    public func day(forDayIndex index: Int) -> DayKey { firstDay.adding(days: index) }

    /// The zone every sample of day `index` carries: ``tripZone`` during the trip, else ``homeZone``.
    public func zone(forDayIndex index: Int) -> String {
        tripDayIndices?.contains(index) == true ? DemoHistory.tripZone : homeZone
    }

    /// The samples of day `index` (0 ..< ``dayCount``): its waking hours and the night that
    /// ends on its morning. Keys are `demo-<date>-<kind>-<n>`, unique across the history.
    public func samples(forDayIndex index: Int) -> [Sample] {
        precondition((0..<dayCount).contains(index), "day index \(index) outside 0..<\(dayCount)")
        let plan = self.plan(forDayIndex: index)
        var out: [Sample] = []
        out.reserveCapacity(1_400)
        sleepSamples(plan, into: &out)
        activitySamples(plan, into: &out)
        readingSamples(plan, into: &out)
        return out
    }

    // MARK: Planning

    func plan(forDayIndex index: Int) -> DemoDayPlan {
        let day = self.day(forDayIndex: index)
        let zone = self.zone(forDayIndex: index)
        let night = self.night(forDayIndex: index)
        let next = self.night(forDayIndex: index + 1)
        var r = DemoRandom(seed: seed, day: day.ordinal, stream: 4)
        let activityEnd: Int64
        let flightOut = tripDayIndices.map { index + 1 == $0.lowerBound || index + 1 == $0.upperBound } ?? false
        if let trip = tripDayIndices, index + 1 == trip.lowerBound {
            activityEnd = instant(day, minute: 13 * 60 + r.int(0...30), zone: zone)  // boarding for Tokyo
        } else if let trip = tripDayIndices, index + 1 == trip.upperBound {
            activityEnd = instant(day, minute: 11 * 60 + r.int(0...30), zone: zone)  // boarding for home
        } else {
            activityEnd = next.start - Int64(r.int(10...25)) * 60_000
        }
        let years = Double(day.ordinal) / 365.25
        let seasonal = 0.12 * DemoHistory.wave(years - 0.22)  // more movement in early summer
        let fitness = 0.07 * DemoHistory.wave(years / 2.3 + Double(seed % 100) / 100)
        return DemoDayPlan(
            index: index, day: day, dayText: day.description, zone: zone, kind: kind(forDayIndex: index),
            sleepStartMs: night.start, wakeMs: night.end, activityEndMs: activityEnd,
            dayStartMs: clock.startOfDayMs(day, zone: zone), dayEndMs: clock.endOfDayMs(day, zone: zone),
            wakingOffsetMs: Int64(clock.offsetSeconds(atMs: night.end, zone: zone)) * 1000,
            activityFactor: 1 + seasonal + fitness,
            isArrival: tripDayIndices?.lowerBound == index, isFlightOut: flightOut)
    }

    /// The night that ends on the morning of day `index` (which may be one past the last day).
    func night(forDayIndex index: Int) -> (start: Int64, end: Int64) {
        let day = self.day(forDayIndex: index)
        let zone = self.zone(forDayIndex: index)
        let eve = day.adding(days: -1)
        var r = DemoRandom(seed: seed, day: day.ordinal, stream: 1)
        if tripDayIndices?.lowerBound == index {
            // On the plane: a short night by Tokyo's clock, landing in the morning.
            return (instant(eve, minute: 1440 + 60, zone: zone), instant(day, minute: 390 + r.int(0...30), zone: zone))
        }
        let kind = self.kind(forDayIndex: index)
        let eveKind = self.kind(forDayIndex: index - 1)
        // Bedtime as minutes after midnight starting the eve: 22:30 … 00:30.
        var bed = 1380 + r.int(-30...30)
        if day.weekday >= 6 || eveKind == .vacation || eveKind == .trip { bed += 30 }
        if eveKind == .sick { bed -= 30 }
        if tripDayIndices?.upperBound == index { bed = 1290 + r.int(0...30) }  // jet-lagged, early
        bed = min(max(bed, 1320), 1470)
        var wake: Int
        switch kind {
        case .workday: wake = 360 + r.int(0...45)
        case .weekend, .vacation, .trip: wake = 420 + r.int(0...60)
        case .sick: wake = 450 + r.int(0...30)
        }
        // At least five and a half hours between going to bed and getting up.
        wake = max(wake, bed - 1440 + 330)
        return (instant(eve, minute: bed, zone: zone), instant(day, minute: wake, zone: zone))
    }

    /// The kind of day `index`; indices outside the history are classified too (for the
    /// nights at its edges).
    func kind(forDayIndex index: Int) -> DemoDayPlan.Kind {
        if tripDayIndices?.contains(index) == true { return .trip }
        let day = self.day(forDayIndex: index)
        let year = day.year
        let dayOfYear = day.ordinal - DayKey(year: year, month: 1, day: 1)!.ordinal
        var r = DemoRandom(seed: seed, day: year, stream: 5)
        let sickStart = 20 + r.int(0...300)
        if (sickStart..<(sickStart + 7)).contains(dayOfYear) { return .sick }
        let vacationStart = 175 + r.int(0...50)
        if (vacationStart..<(vacationStart + 12)).contains(dayOfYear) { return .vacation }
        if day.month == 12 && day.day >= 24 { return .vacation }
        return day.weekday >= 6 ? .weekend : .workday
    }

    /// The UTC instant of a local wall-clock time: `minute` minutes after local midnight
    /// starting `day` (may exceed 1440), in `zone`.
    ///
    /// `startOfDayMs + minutes` would be an hour off after a DST change on that day, so the
    /// offset is looked up at (nearly) the target instant instead: once at the local time
    /// read as UTC, then again at the resulting guess.
    func instant(_ day: DayKey, minute: Int, zone: String) -> Int64 {
        let local = Int64(day.ordinal) * 86_400_000 + Int64(minute) * 60_000
        let guess = local - Int64(clock.offsetSeconds(atMs: local, zone: zone)) * 1000
        return local - Int64(clock.offsetSeconds(atMs: guess, zone: zone)) * 1000
    }

    /// A smooth periodic curve with period 1 and range −1…1 (a parabolic sine), written out
    /// so the values do not depend on the platform's `sin`.
    static func wave(_ x: Double) -> Double {
        let t = x - x.rounded(.down)
        return t < 0.5 ? 16 * t * (0.5 - t) : -16 * (t - 0.5) * (1 - t)
    }

    static func uuidLike(_ r: inout DemoRandom) -> String {
        func hex(_ digits: Int) -> String {
            let text = String(r.next() & ((1 << (4 * UInt64(digits))) - 1), radix: 16, uppercase: true)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return [hex(8), hex(4), hex(4), hex(4), hex(12)].joined(separator: "-")
    }

    /// A sample of day `plan` with a key unique in the history.
    func sample(
        _ plan: DemoDayPlan, _ tag: String, _ n: Int, _ metric: Metric, _ start: Int64, _ end: Int64,
        value: Double? = nil, category: SleepCategory? = nil, source: DemoSource
    ) -> Sample {
        Sample(
            sampleKey: "demo-\(plan.dayText)-\(tag)-\(n)", metric: metric, startTimeMs: start, endTimeMs: end,
            valueNumber: value, categoryValue: category?.rawValue, unit: MetricCatalog.standard.spec(for: metric)?.unit ?? "category",
            sourceName: source.name, sourceBundleId: source.bundleId, timezone: plan.zone)
    }

    /// Rounds to `places` decimals, as devices report values.
    static func round(_ value: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
