import HealthDomain
import HealthFormats
import JSON
import Testing

/// The workout and ring rules over native elements: activity type spellings, unit conversion,
/// the checks a wire format cannot express (NaN), durations and derived keys.
@Suite struct WorkoutRulesTests {
    static let base: [String: JSONValue] = [
        "activityType": "running", "startTimeMs": 1_775_804_400_000, "endTimeMs": 1_775_807_100_000, "timezone": "Europe/Berlin",
    ]

    static func validate(_ changes: [String: JSONValue]) -> RecordValidation<Workout> {
        WorkoutRules().validate(NativeAdapter.workout(.object(base.merging(changes) { _, new in new })))
    }

    @Test(arguments: ["running", "Running", "RUNNING", "Outdoor Run", "run", "HKWorkoutActivityTypeRunning", "37", "trail_running"])
    func runningSpellingsResolve(_ spelling: String) {
        #expect(WorkoutActivityType.resolve(spelling)?.name == "running")
        #expect(WorkoutActivityType.resolve(spelling)?.number == 37)
    }

    @Test func tableIsConsistent() {
        let names = WorkoutActivityType.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(WorkoutActivityType.all.map(\.number)).count == names.count)
        #expect(WorkoutActivityType.resolve(number: 57)?.name == "yoga")
        #expect(WorkoutActivityType.resolve(number: 3000)?.name == "other")
        #expect(WorkoutActivityType.resolve("moonwalking") == nil)
        #expect(WorkoutActivityType.resolve(number: 81) == nil)
    }

    @Test func numberIsAcceptedAsJSONNumber() {
        #expect(Self.validate(["activityType": 46]).record?.activityType.name == "swimming")
    }

    @Test func nanAndInfinityAreNotFinite() {
        for value in [Double.nan, .infinity] {
            let issues = Self.validate(["distance": .number(value)]).issues
            #expect(issues.map(\.field) == ["distance"] && issues.map(\.code) == ["not_finite"], "\(issues)")
        }
    }

    @Test func unitsConvertToKcalAndKm() throws {
        let workout = try #require(Self.validate(["distance": 5, "distanceUnit": "mi", "activeEnergy": 836.8, "activeEnergyUnit": "kJ"]).record)
        #expect(abs((workout.distanceKm ?? 0) - 8.04672) < 1e-9)
        #expect(abs((workout.activeEnergyKcal ?? 0) - 200) < 1e-9)
        #expect(Self.validate(["activeEnergy": 300, "activeEnergyUnit": "Cal"]).record?.activeEnergyKcal == 300)
    }

    @Test func longWorkoutsUpToTwoDaysAreAccepted() {
        let start: Int64 = 1_775_804_400_000
        #expect(Self.validate(["endTimeMs": .number(Double(start + 25 * 3_600_000))]).record != nil, "a 25-hour race")
        let tooLong = Self.validate(["endTimeMs": .number(Double(start + 49 * 3_600_000))]).issues
        #expect(tooLong.map(\.code) == ["range"])
    }

    @Test func durationDefaultsToTheSpanAndMayNotExceedIt() {
        #expect(Self.validate([:]).record?.durationSeconds == 2_700)
        #expect(Self.validate(["durationSeconds": 2_400]).record?.durationSeconds == 2_400)
        #expect(Self.validate(["durationSeconds": 3_000]).issues.map(\.field) == ["durationSeconds"])
    }

    @Test func timelinesAreSortedAndBounded() throws {
        let workout = try #require(Self.validate(["heartRate": [["timeMs": 20, "bpm": 150], ["timeMs": 10, "bpm": 140]]]).record)
        #expect(workout.heartRate.map(\.timeMs) == [10, 20])
        let tooMany = JSONValue.array(Array(repeating: ["timeMs": 10, "bpm": 140], count: WorkoutRules.maxHeartRatePoints + 1))
        #expect(Self.validate(["heartRate": tooMany]).issues.map(\.code) == ["length"])
    }

    @Test func derivedKeysIgnoreValuesAndShareTheSampleKeyHash() throws {
        let a = try #require(Self.validate(["sourceName": "Apple Watch", "distance": 5]).record)
        let b = try #require(Self.validate(["sourceName": "Apple Watch", "distance": 6]).record)
        #expect(a.workoutKey == b.workoutKey)
        #expect(a.workoutKey.hasPrefix(WorkoutKey.derivedPrefix) && a.workoutKey.count == 35)
        let other = try #require(Self.validate(["sourceName": "iPhone"]).record)
        #expect(other.workoutKey != a.workoutKey)
    }

    @Test func ringsAcceptHealthSaveNamesAndRejectImplausibleValues() throws {
        let rings = try #require(ActivitySummaryRules().validate(NativeAdapter.activitySummary([
            "date": "2026-04-10", "activeEnergyBurned": 540, "activeEnergyBurnedGoal": 600, "appleExerciseTime": 42,
            "appleExerciseTimeGoal": 30, "appleStandHours": 12, "appleStandHoursGoal": 12,
        ])).record)
        #expect(rings == ActivitySummary(day: DayKey("2026-04-10")!, moveKcal: 540, moveGoalKcal: 600, exerciseMinutes: 42,
                                         exerciseGoalMinutes: 30, standHours: 12, standGoalHours: 12))
        #expect(ActivitySummaryRules().validate(NativeAdapter.activitySummary(["day": "2026-04-10", "standHours": 25])).issues.map(\.field) == ["standHours"])
        #expect(ActivitySummaryRules().validate(NativeAdapter.activitySummary(["day": "2026-02-30", "standHours": 2])).issues.map(\.field) == ["day"])
        #expect(ActivitySummaryRules().validate(NativeAdapter.activitySummary(["day": "2026-04-10"])).issues.map(\.code) == ["required"])
    }
}
