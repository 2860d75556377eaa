import Testing
@testable import HealthDomain

/// Personal baselines: median and scaled MAD of the 28 days before D, the catalog's
/// spread floors, the 10-day minimum, and the source rule for a new device.
@Suite struct BaselineTests {
    typealias F = JudgementFixtures
    let d = F.day("2026-03-01")

    @Test func medianAndMADOfAnEvenCount() throws {
        #expect(RobustStatistics.median([4, 1, 3, 2]) == 2.5)
        #expect(RobustStatistics.median([5, 1, 3]) == 3)
        #expect(RobustStatistics.median([]) == nil)
        // 1…10: median 5.5; deviations 4.5 3.5 2.5 1.5 0.5 0.5 1.5 2.5 3.5 4.5 → median 2.5.
        #expect(RobustStatistics.medianAbsoluteDeviation((1...10).map(Double.init)) == 2.5)

        let series = F.series(.hrvSdnnMs, from: d.adding(days: -10), (1...10).map { Double($0) })
        let baseline = Baseline.compute(series, on: d)
        #expect(baseline.status == .available)
        #expect(baseline.daysWithData == 10)
        #expect(baseline.centre == 5.5)
        #expect(baseline.mad == 2.5)
        let scaled = try #require(baseline.scaledMAD)
        #expect(abs(scaled - 1.4826 * 2.5) < 1e-12)
        // 3.7065 is above HRV's 3 ms floor, so the scaled MAD stands.
        #expect(baseline.spreadFloor == 3 && !baseline.floorApplied)
        #expect(baseline.spread == scaled)
        let z = try #require(baseline.z(of: 12))
        #expect(abs(z - (12 - 5.5) / (1.4826 * 2.5)) < 1e-12)
        #expect(baseline.inputs.map(\.value) == (1...10).map(Double.init))
        #expect(baseline.windowStart == F.day("2026-02-01") && baseline.windowEnd == F.day("2026-02-28"))
    }

    @Test func theCatalogFloorReplacesASmallSpread() throws {
        // MAD 0 (six of ten days exactly 50): spread is HRV's floor, 3 ms.
        let hrv = F.series(.hrvSdnnMs, from: d.adding(days: -10), [50, 51, 50, 49, 50, 50, 51, 49, 50, 50])
        let baseline = Baseline.compute(hrv, on: d)
        #expect(baseline.mad == 0 && baseline.scaledMAD == 0)
        #expect(baseline.spread == 3 && baseline.floorApplied && baseline.spreadFloorFraction == nil)
        #expect(baseline.z(of: 44) == -2)

        // The floors the catalog names.
        let catalog = MetricCatalog.standard
        let floors: [(Metric, Double)] = [(.hrvSdnnMs, 3), (.restingHeartRateBpm, 1), (.sleepSegment, 20), (.stepCount, 500),
                                          (.respiratoryRatePerMin, 0.5), ("body_temperature_degc", 0.2), (.wristTemperatureDegC, 0.2),
                                          ("oxygen_saturation_percent", 1)]
        for (metric, floor) in floors { #expect(catalog.spec(for: metric)?.spreadFloor == floor, "\(metric)") }
        #expect(catalog.spec(for: .bodyMassKg)?.spreadFloor == nil)

        // Without a fixed floor: 5% of the median (body mass 80 kg → 4 kg).
        let mass = F.series(.bodyMassKg, from: d.adding(days: -12), Array(repeating: 80, count: 12))
        let massBaseline = Baseline.compute(mass, on: d)
        #expect(massBaseline.spread == 4 && massBaseline.spreadFloorFraction == 0.05 && massBaseline.floorApplied)
        // A metric stored raw has no spec and gets the same 5% rule.
        let raw = F.series("some_raw_metric", from: d.adding(days: -10), Array(repeating: -200, count: 10))
        #expect(Baseline.compute(raw, on: d).spread == 10)
        // All zeros: the 5% floor is zero too, so no z exists.
        let zeros = F.series("some_raw_metric", from: d.adding(days: -10), Array(repeating: 0, count: 10))
        #expect(Baseline.compute(zeros, on: d).spread == 0)
        #expect(Baseline.compute(zeros, on: d).z(of: 1) == nil)
    }

    @Test func nineDaysAreInsufficientTenAreEnough() {
        // Nine days with data among the 28 before D, plus data on D − 29 and on D itself, neither of which counts.
        var values = F.values(from: d.adding(days: -28), [60, nil, 61, nil, 59, nil, 60, nil, 62, nil, 58, nil, 60, nil, 61, nil, 60])
        values.append(DayValue(day: d.adding(days: -29), value: 90, source: "Apple Watch"))
        values.append(DayValue(day: d, value: 70, source: "Apple Watch"))
        let nine = Baseline.compute(DaySeries(metric: .restingHeartRateBpm, values: values), on: d)
        #expect(nine.status == .insufficient && nine.daysWithData == 9 && nine.minimumDays == 10)
        #expect(nine.centre == nil && nine.spread == nil && nine.z(of: 70) == nil)

        values.append(DayValue(day: d.adding(days: -1), value: 60, source: "Apple Watch"))
        let ten = Baseline.compute(DaySeries(metric: .restingHeartRateBpm, values: values), on: d)
        #expect(ten.status == .available && ten.daysWithData == 10)
        // 58 59 60 60 60 60 60 61 61 62 → median 60, MAD 0.5 → 0.7413, below the 1 bpm floor.
        #expect(ten.centre == 60 && ten.mad == 0.5 && ten.spread == 1 && ten.floorApplied)
        #expect(ten.sources == ["Apple Watch"] && ten.sourcing == .singleSource)
    }

    @Test func aNewSourceIsUsedAloneOnceItHasTenDays() {
        // 14 days of the old watch reading ~40 ms, then the new watch reading ~60 ms.
        func series(newDays: Int) -> DaySeries {
            let old = F.values(from: d.adding(days: -28), (0..<14).map { Double(40 + $0 % 3) }, source: "Old Watch")
            let new = F.values(from: d.adding(days: -newDays), (0..<newDays).map { Double(60 + $0 % 3) }, source: "New Watch")
            return DaySeries(metric: .hrvSdnnMs, values: old + new + [DayValue(day: d, value: 61, source: "New Watch")])
        }
        // Nine new days: too few, so every source's day counts, and the baseline says it mixes them.
        let mixed = Baseline.compute(series(newDays: 9), on: d)
        #expect(mixed.sourcing == .mixedSources && mixed.status == .available)
        #expect(mixed.daysWithData == 23 && mixed.daysLeftOut == 0)
        #expect(mixed.sources == ["New Watch", "Old Watch"] && mixed.currentSource == "New Watch")
        // Old: five 40s, five 41s, four 42s; the nine new values are all higher: the 12th of 23 is 42.
        #expect(mixed.centre == 42)

        // Ten new days: only the new watch's days.
        let own = Baseline.compute(series(newDays: 10), on: d)
        #expect(own.sourcing == .currentSourceOnly && own.daysWithData == 10 && own.daysLeftOut == 14)
        #expect(own.sources == ["New Watch"])
        #expect(own.centre == 61)  // 60 61 62 60 61 62 60 61 62 60 → median 61
        #expect(own.inputs.allSatisfy { $0.source == "New Watch" })

        // The first day of a new watch: its source has no days yet, so the old watch's month is used and marked mixed.
        let firstDay = DaySeries(metric: .hrvSdnnMs, values: F.values(from: d.adding(days: -12), Array(repeating: 40, count: 12), source: "Old Watch")
                                 + [DayValue(day: d, value: 60, source: "New Watch")])
        #expect(Baseline.compute(firstDay, on: d).sourcing == .mixedSources)
    }

    @Test func dayValuesFromAggregatesNameTheirSource() {
        let day = d
        let steps = DayAggregate.cumulative(CumulativeDay(total: 8000, sampleCount: 3, sources: [
            SourceContribution(name: "Apple Watch", total: 0, counted: 0, sampleCount: 0),
            SourceContribution(name: "iPhone", total: 8000, counted: 8000, sampleCount: 3),
        ]))
        #expect(DayValue(day: day, aggregate: steps) == DayValue(day: day, value: 8000, source: "iPhone"))
        let night = DayAggregate.sleep(SleepNight(deepMs: 3_600_000, remMs: 3_600_000, coreMs: 14_400_000, unspecifiedMs: 0, awakeMs: 0,
                                                  inBedMs: 0, sleepStart: nil, sleepEnd: nil, source: "Apple Watch", sources: ["Apple Watch", "iPhone"],
                                                  sampleCount: 3))
        let value = DayValue(day: day, aggregate: night, status: .provisional)
        #expect(value.value == 360 && value.source == "Apple Watch" && value.isProvisional)
    }
}
