import HealthDomain
import HealthFormats
import Testing

/// Export elements mapped to drafts, workouts and rings, one element at a time.
@Suite struct AppleHealthExportAdapterTests {
    static func record(_ attributes: [(String, String)], metadata: [(String, String)] = [], adapter: inout AppleHealthExportAdapter) -> SampleDraft? {
        _ = adapter.start("Record", attributes.map { (name: $0.0, value: $0.1) }, selfClosing: false)
        for (key, value) in metadata { _ = adapter.start("MetadataEntry", [("key", key), ("value", value)], selfClosing: true) }
        guard case .sample(let draft, _)? = adapter.end("Record") else { return nil }
        return draft
    }

    @Test func aQuantityRecordKeepsItsOffsetAsZoneAndItsDeviceShort() throws {
        var adapter = AppleHealthExportAdapter()
        let draft = try #require(Self.record([
            ("type", "HKQuantityTypeIdentifierHeartRate"), ("sourceName", "Watch"), ("unit", "count/min"), ("value", "61"),
            ("device", "<<HKDevice: 0x2815e4c80>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.0>>"),
            ("startDate", "2026-03-29 01:59:00 +0100"), ("endDate", "2026-03-29 01:59:00 +0100"),
        ], metadata: [("HKMetadataKeyHeartRateMotionContext", "1")], adapter: &adapter))
        #expect(draft.metricName == "HKQuantityTypeIdentifierHeartRate")
        #expect(draft.value == 61)
        #expect(draft.timezone == "UTC+01:00")
        #expect(draft.startTimeMs == 1_774_745_940_000)
        #expect(draft.device == "Apple Watch (Watch6,1)")
        #expect(draft.sampleKey == nil)  // the rules derive the shared key
        let sample = try #require(SampleRules().validate(draft).sample)
        #expect(sample.sampleKey == SampleKey.derived(metric: sample.metric, source: "Watch", startTimeMs: 1_774_745_940_000, endTimeMs: 1_774_745_940_000))
    }

    @Test func categoryValuesInHealthKitsSpellingResolve() {
        #expect([CategoryValue].sleepAnalysis.value(named: "HKCategoryValueSleepAnalysisAsleepCore")?.name == "asleepCore")
        #expect([CategoryValue].sleepAnalysis.value(named: "HKCategoryValueSleepAnalysisAsleepUnspecified")?.name == "asleep")
        #expect([CategoryValue].sleepAnalysis.value(named: "HKCategoryValueSleepAnalysisInBed")?.name == "inBed")
        #expect([CategoryValue].severity.value(named: "HKCategoryValueSeverityMild")?.name == "mild")
        #expect([CategoryValue].notApplicable.value(named: "HKCategoryValueNotApplicable")?.name == "notApplicable")
        #expect([CategoryValue].sleepAnalysis.value(named: "HKCategoryValueSleepAnalysisDreaming") == nil)
    }

    @Test func bloodPressureSidesGetHealthSavesKeysAndUnknownTypesARawName() throws {
        var adapter = AppleHealthExportAdapter()
        let times = [("startDate", "2026-03-30 07:00:00 +0200"), ("endDate", "2026-03-30 07:00:00 +0200")]
        let systolic = try #require(Self.record([("type", "HKQuantityTypeIdentifierBloodPressureSystolic"), ("sourceName", "Omron"), ("unit", "mmHg"), ("value", "120")] + times, adapter: &adapter))
        let start: Int64 = 1_774_846_800_000
        #expect(systolic.sampleKey == nil)  // no identity of its own: the key is derived, and counted per occurrence
        #expect(systolic.derivedKey == SampleKey.derived(metric: "blood_pressure_mmhg", source: "Omron", startTimeMs: start, endTimeMs: start, innerMetric: "blood_pressure_systolic"))
        let unknown = try #require(Self.record([("type", "HKQuantityTypeIdentifierFutureThingCount"), ("sourceName", "App"), ("unit", "count"), ("value", "2")] + times, adapter: &adapter))
        #expect(unknown.metricName == "future_thing_count")
        #expect(SampleRules().validate(unknown).sample?.metric.rawValue == "future_thing_count")
    }

    @Test func aRecordInsideACorrelationIsHandedOutAsACopy() throws {
        var adapter = AppleHealthExportAdapter()
        let attributes: [(name: String, value: String)] = [
            ("type", "HKQuantityTypeIdentifierDietaryEnergyConsumed"), ("sourceName", "FoodLog"), ("unit", "kcal"), ("value", "500"),
            ("startDate", "2026-03-30 12:00:00 +0200"), ("endDate", "2026-03-30 12:00:00 +0200"),
        ]
        guard case .sample(let top, _)? = adapter.start("Record", attributes, selfClosing: true) else {
            Issue.record("a top-level record is a sample")
            return
        }
        _ = adapter.start("Correlation", [("type", "HKCorrelationTypeIdentifierFood"), ("sourceName", "FoodLog")], selfClosing: false)
        guard case .correlationMember(let copy, let type)? = adapter.start("Record", attributes, selfClosing: true) else {
            Issue.record("a record inside a correlation is a correlation member")
            return
        }
        #expect(copy == top)
        #expect(type == "HKQuantityTypeIdentifierDietaryEnergyConsumed")
        guard case .correlation(let ended)? = adapter.end("Correlation") else {
            Issue.record("the correlation ends")
            return
        }
        #expect(ended == "HKCorrelationTypeIdentifierFood")
        // After the correlation, records are samples again.
        guard case .sample? = adapter.start("Record", attributes, selfClosing: true) else {
            Issue.record("a record after the correlation is a sample")
            return
        }
    }

    @Test func aSyncIdentifierIsTheIdentityAndAnOlderVersionIsSuperseded() throws {
        var adapter = AppleHealthExportAdapter()
        let attributes = [("type", "HKQuantityTypeIdentifierBodyMass"), ("sourceName", "Scale"), ("unit", "kg"), ("value", "70"),
                          ("startDate", "2026-03-30 07:30:00 +0200"), ("endDate", "2026-03-30 07:30:00 +0200")]
        let newer = try #require(Self.record(attributes, metadata: [("HKMetadataKeySyncIdentifier", "s-1"), ("HKMetadataKeySyncVersion", "3")], adapter: &adapter))
        #expect(newer.sampleKey?.hasPrefix("s1-") == true)
        #expect(newer.syncIdentifier == "s-1")
        let older = try #require(Self.record(attributes, metadata: [("HKMetadataKeySyncIdentifier", "s-1"), ("HKMetadataKeySyncVersion", "2")], adapter: &adapter))
        #expect(older.issues.map(\.code) == ["superseded"])
    }

    @Test func workoutStatisticsEventsAndRouteReference() throws {
        var adapter = AppleHealthExportAdapter()
        _ = adapter.start("Workout", [("workoutActivityType", "HKWorkoutActivityTypeCycling"), ("duration", "1"), ("durationUnit", "hr"),
                                      ("sourceName", "Watch"), ("startDate", "2026-04-10 07:00:00 +0200"), ("endDate", "2026-04-10 08:00:00 +0200")], selfClosing: false)
        _ = adapter.start("WorkoutEvent", [("type", "HKWorkoutEventTypePause")], selfClosing: true)
        _ = adapter.start("WorkoutStatistics", [("type", "HKQuantityTypeIdentifierDistanceCycling"), ("sum", "25"), ("unit", "km")], selfClosing: true)
        _ = adapter.start("WorkoutStatistics", [("type", "HKQuantityTypeIdentifierActiveEnergyBurned"), ("sum", "600"), ("unit", "Cal")], selfClosing: true)
        _ = adapter.start("WorkoutRoute", [("sourceName", "Watch")], selfClosing: false)
        _ = adapter.start("FileReference", [("path", "/workout-routes/route_1.gpx")], selfClosing: true)
        _ = adapter.end("WorkoutRoute")
        guard case .workout(let workout)? = adapter.end("Workout") else {
            Issue.record("no workout")
            return
        }
        #expect(workout.routeFile == "workout-routes/route_1.gpx")
        #expect(workout.draft.durationSeconds == 3600)
        #expect(workout.draft.distance == 25)
        #expect(workout.draft.activeEnergyUnit == "Cal")
        #expect(workout.draft.metadata?["events"]?.doubleValue == 1)
        let valid = WorkoutRules().validate(workout.draft)
        guard case .valid(let stored) = valid else {
            Issue.record("workout rejected: \(valid)")
            return
        }
        #expect(stored.activityType.name == "cycling")
        #expect(stored.timezone == "UTC+02:00")
    }

    @Test func gpxPointsWithTimeAndElevation() {
        var route = GPXRoute()
        route.start("trkpt", [("lon", "13.4"), ("lat", "52.5")])
        route.start("ele", [])
        route.text("30.5")
        route.end("ele")
        route.start("time", [])
        route.text("2026-03-30T15:00:00Z")
        route.end("time")
        route.end("trkpt")
        route.start("trkpt", [("lon", "13.4")])  // no latitude: skipped
        route.end("trkpt")
        #expect(route.points.count == 1)
        #expect(route.points.first?.latitude == 52.5)
        #expect(route.points.first?.altitude == 30.5)
        #expect(route.points.first?.timeMs == 1_774_882_800_000)
    }
}
