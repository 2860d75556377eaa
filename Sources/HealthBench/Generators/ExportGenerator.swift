import Archive
import Foundation
import HealthDomain

/// A realistic Apple Health export for the import benchmark: `years` of an Apple Watch
/// and an iPhone in Europe/Berlin (DST included), written as the phone writes it —
/// records grouped by type, then by time; HKDevice strings; heart rates with metadata;
/// sleep stages; a weekly blood-pressure correlation whose members are also listed on
/// their own; three workouts a week with a GPX route each; a ring summary per day — and
/// zipped with deflate as `apple_health_export/export.xml` beside `workout-routes/`.
/// About 127,000 records and 50 MB of XML per year. Deterministic for a seed.
struct ExportGenerator {
    var years: Int
    var seed: UInt64 = 2026

    /// What was written.
    struct Written {
        var records: Int
        var xmlBytes: Int64
        var zipBytes: Int64
        var workouts: Int
    }

    static let watchDevice = "&lt;&lt;HKDevice: 0x2815e4c80&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,3, software:11.2, creation date:2025-01-01 07:00:02 +0000&gt;&gt;"
    static let phoneDevice = "&lt;&lt;HKDevice: 0x283f0a580&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,1, software:18.2&gt;&gt;"

    /// One record type: how many a day, from which source, and how a value looks.
    struct Series {
        var type: String
        var unit: String?
        var perDay: Int
        var watch: Bool
        var minutes: Int  // duration of one record; 0 for an instant
        var value: (inout SplitMix64) -> String
    }

    static var series: [Series] {
        func uniform(_ low: Double, _ high: Double, decimals: Int = 0) -> (inout SplitMix64) -> String {
            { random in
                let value = low + Double(random.next() % 1_000_000) / 1_000_000 * (high - low)
                return decimals == 0 ? String(Int(value)) : String(Double(Int(value * 100)) / 100)
            }
        }
        return [
            Series(type: "HKQuantityTypeIdentifierActiveEnergyBurned", unit: "Cal", perDay: 60, watch: true, minutes: 10, value: uniform(0.5, 30, decimals: 2)),
            Series(type: "HKQuantityTypeIdentifierAppleExerciseTime", unit: "min", perDay: 10, watch: true, minutes: 1, value: uniform(1, 2)),
            Series(type: "HKQuantityTypeIdentifierBasalEnergyBurned", unit: "Cal", perDay: 24, watch: true, minutes: 60, value: uniform(55, 75, decimals: 2)),
            Series(type: "HKQuantityTypeIdentifierDistanceWalkingRunning", unit: "km", perDay: 30, watch: false, minutes: 10, value: uniform(0.01, 0.8, decimals: 2)),
            Series(type: "HKQuantityTypeIdentifierEnvironmentalAudioExposure", unit: "dBASPL", perDay: 10, watch: true, minutes: 30, value: uniform(40, 80, decimals: 2)),
            Series(type: "HKQuantityTypeIdentifierFlightsClimbed", unit: "count", perDay: 5, watch: false, minutes: 2, value: uniform(1, 4)),
            Series(type: "HKQuantityTypeIdentifierHeartRate", unit: "count/min", perDay: 90, watch: true, minutes: 0, value: uniform(52, 150)),
            Series(type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", unit: "ms", perDay: 4, watch: true, minutes: 1, value: uniform(20, 90, decimals: 2)),
            Series(type: "HKQuantityTypeIdentifierOxygenSaturation", unit: "%", perDay: 4, watch: true, minutes: 0, value: { random in "0.\(94 + Int(random.next() % 6))" }),
            Series(type: "HKQuantityTypeIdentifierRespiratoryRate", unit: "count/min", perDay: 8, watch: true, minutes: 0, value: uniform(12, 18, decimals: 2)),
            Series(type: "HKQuantityTypeIdentifierRestingHeartRate", unit: "count/min", perDay: 1, watch: true, minutes: 0, value: uniform(50, 62)),
            Series(type: "HKQuantityTypeIdentifierStepCount", unit: "count", perDay: 50, watch: false, minutes: 10, value: uniform(20, 1200)),
            Series(type: "HKQuantityTypeIdentifierStepCount", unit: "count", perDay: 30, watch: true, minutes: 10, value: uniform(20, 1200)),
            Series(type: "HKQuantityTypeIdentifierWalkingHeartRateAverage", unit: "count/min", perDay: 1, watch: true, minutes: 0, value: uniform(90, 115)),
            Series(type: "HKCategoryTypeIdentifierAppleStandHour", unit: nil, perDay: 14, watch: true, minutes: 60, value: { random in
                random.next() % 5 == 0 ? "HKCategoryValueAppleStandHourIdle" : "HKCategoryValueAppleStandHourStood"
            }),
        ]
    }

    /// Writes the archive to `path`.
    func write(to path: String) throws -> Written {
        // A year is about 55 MB of XML: from about 4 GiB on, the entry needs zip64 sizes.
        let zip = try ZipWriter(path: path, zip64: Int64(years) * 60_000_000 >= Int64(UInt32.max))
        var random = SplitMix64(seed: seed)
        let days = years * 365
        // 2025-01-01 00:00 in Berlin.
        let firstDay = 20_089
        var written = Written(records: 0, xmlBytes: 0, zipBytes: 0, workouts: 0)
        var out = ""
        out.reserveCapacity(2 << 20)
        func flush(force: Bool = false) throws {
            guard force || out.utf8.count >= 1 << 20 else { return }
            written.xmlBytes += Int64(out.utf8.count)
            try zip.write(entryData: out.utf8)
            out.removeAll(keepingCapacity: true)
        }

        // The routes first: the export lists them by file name.
        var workouts: [(day: Int, startMinute: Int, file: String)] = []
        for day in 0..<days where day % 7 == 1 || day % 7 == 3 || day % 7 == 5 {
            let startMinute = 17 * 60 + Int(random.next() % 60)
            let start = Self.local(firstDay + day, minute: startMinute)
            let file = "workout-routes/route_\(start.date)_\(day).gpx"
            workouts.append((day, startMinute, file))
            try zip.begin("apple_health_export/\(file)")
            var gpx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Apple Health Export\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n <trk>\n  <name>Route \(start.date)</name>\n  <trkseg>\n"
            var latitude = 52.5 + Double(random.next() % 1000) / 100_000, longitude = 13.4
            for point in 0..<600 {
                latitude += 0.00002
                longitude += 0.00003
                let time = Self.iso(start.epoch + point * 3)
                gpx += "   <trkpt lon=\"\(longitude)\" lat=\"\(latitude)\"><ele>\(30 + point % 7)</ele><time>\(time)</time><extensions><speed>3.1</speed><course>10.0</course><hAcc>2.0</hAcc><vAcc>1.5</vAcc></extensions></trkpt>\n"
            }
            gpx += "  </trkseg>\n </trk>\n</gpx>\n"
            try zip.write(entryData: gpx.utf8)
            try zip.end()
        }

        try zip.begin("apple_health_export/export.xml")
        out += """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 14 -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
            <!ATTLIST ExportDate
              value CDATA #REQUIRED
            ]>
            <HealthData locale="de_DE">
             <ExportDate value="2026-01-01 09:00:00 +0100"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1984-06-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>

            """
        for series in Self.series {
            let source = series.watch ? "Jane’s Apple Watch" : "Jane’s iPhone"
            let device = series.watch ? Self.watchDevice : Self.phoneDevice
            let unit = series.unit.map { " unit=\"\($0)\"" } ?? ""
            for day in 0..<days {
                let spacing = max(1, (16 * 60) / series.perDay)
                for index in 0..<series.perDay {
                    let minute = 6 * 60 + index * spacing + Int(random.next() % UInt64(max(1, spacing - series.minutes)))
                    let start = Self.local(firstDay + day, minute: minute)
                    let end = Self.local(firstDay + day, minute: minute + series.minutes)
                    let value = series.value(&random)
                    out += " <Record type=\"\(series.type)\" sourceName=\"\(source)\" sourceVersion=\"11.2\" device=\"\(device)\"\(unit) creationDate=\"\(end.text)\" startDate=\"\(start.text)\" endDate=\"\(end.text)\" value=\"\(value)\""
                    if series.type == "HKQuantityTypeIdentifierHeartRate" {
                        out += ">\n  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(random.next() % 3)\"/>\n </Record>\n"
                    } else {
                        out += "/>\n"
                    }
                    written.records += 1
                    try flush()
                }
            }
        }
        // Sleep: a night of stages ending on each day.
        let stages = ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepCore",
                      "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake", "HKCategoryValueSleepAnalysisAsleepCore",
                      "HKCategoryValueSleepAnalysisAsleepREM"]
        for day in 1..<days {
            let bed = Self.local(firstDay + day, minute: -60)
            let wake = Self.local(firstDay + day, minute: 6 * 60 + 30)
            out += " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Jane’s Apple Watch\" sourceVersion=\"11.2\" device=\"\(Self.watchDevice)\" creationDate=\"\(wake.text)\" startDate=\"\(bed.text)\" endDate=\"\(wake.text)\" value=\"HKCategoryValueSleepAnalysisInBed\"/>\n"
            var minute = -50
            for stage in stages {
                let length = 40 + Int(random.next() % 30)
                let start = Self.local(firstDay + day, minute: minute)
                let end = Self.local(firstDay + day, minute: min(minute + length, 6 * 60 + 30))
                out += " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Jane’s Apple Watch\" sourceVersion=\"11.2\" device=\"\(Self.watchDevice)\" creationDate=\"\(wake.text)\" startDate=\"\(start.text)\" endDate=\"\(end.text)\" value=\"\(stage)\"/>\n"
                minute += length
                written.records += 1
            }
            written.records += 1
            try flush()
        }
        // Blood pressure once a week: the members on their own, then the correlation.
        for day in stride(from: 0, to: days, by: 7) {
            let at = Self.local(firstDay + day, minute: 7 * 60).text
            let systolic = 110 + Int(random.next() % 25), diastolic = 70 + Int(random.next() % 15)
            let members = """
                 <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" sourceVersion="1" unit="mmHg" creationDate="\(at)" startDate="\(at)" endDate="\(at)" value="\(systolic)"/>
                 <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" sourceVersion="1" unit="mmHg" creationDate="\(at)" startDate="\(at)" endDate="\(at)" value="\(diastolic)"/>

                """
            out += members
            out += " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Omron\" sourceVersion=\"1\" creationDate=\"\(at)\" startDate=\"\(at)\" endDate=\"\(at)\">\n"
            out += members.replacingOccurrences(of: " <Record", with: "  <Record")
            out += " </Correlation>\n"
            written.records += 4
            try flush()
        }
        for workout in workouts {
            let start = Self.local(firstDay + workout.day, minute: workout.startMinute)
            let end = Self.local(firstDay + workout.day, minute: workout.startMinute + 30)
            let energy = 250 + Int(random.next() % 100)
            out += """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Jane’s Apple Watch" sourceVersion="11.2" device="\(Self.watchDevice)" creationDate="\(end.text)" startDate="\(start.text)" endDate="\(end.text)">
                  <MetadataEntry key="HKIndoorWorkout" value="0"/>
                  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="\(start.text)" duration="15" durationUnit="min"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="\(start.text)" endDate="\(end.text)" sum="\(energy)" unit="Cal"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="\(start.text)" endDate="\(end.text)" sum="5.\(random.next() % 9)" unit="km"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="\(start.text)" endDate="\(end.text)" average="\(140 + random.next() % 20)" minimum="95" maximum="\(170 + random.next() % 15)" unit="count/min"/>
                  <WorkoutRoute sourceName="Jane’s Apple Watch" sourceVersion="11.2" creationDate="\(end.text)" startDate="\(start.text)" endDate="\(end.text)">
                   <FileReference path="/\(workout.file)"/>
                  </WorkoutRoute>
                 </Workout>

                """
            written.workouts += 1
            try flush()
        }
        for day in 0..<days {
            out += " <ActivitySummary dateComponents=\"\(Self.local(firstDay + day, minute: 0).date)\" activeEnergyBurned=\"\(400 + random.next() % 300)\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"\(20 + random.next() % 40)\" appleExerciseTimeGoal=\"30\" appleStandHours=\"\(8 + random.next() % 6)\" appleStandHoursGoal=\"12\"/>\n"
            try flush()
        }
        out += "</HealthData>\n"
        try flush(force: true)
        try zip.end()
        try zip.finish()
        written.zipBytes = Int64(ProcessStats.fileSize(path))
        return written
    }

    // MARK: Times in Europe/Berlin

    struct LocalTime {
        var epoch: Int
        var text: String
        var date: String
    }

    /// Minute `minute` (may be negative or past midnight) of the day `dayNumber` days after 1970-01-01, in Berlin.
    static func local(_ dayNumber: Int, minute: Int) -> LocalTime {
        let naive = dayNumber * 86_400 + minute * 60
        let offset = berlinOffset(naive - 3_600)
        let epoch = naive - offset
        let local = epoch + offset
        let (y, m, d) = civil(local / 86_400)
        let seconds = local % 86_400
        let sign = offset >= 0 ? "+" : "-"
        let date = "\(y)-\(two(m))-\(two(d))"
        let text = "\(date) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) \(sign)\(two(abs(offset) / 3600))00"
        return LocalTime(epoch: epoch, text: text, date: date)
    }

    static func iso(_ epoch: Int) -> String {
        let (y, m, d) = civil(epoch / 86_400)
        let s = epoch % 86_400
        return "\(y)-\(two(m))-\(two(d))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))Z"
    }

    /// +1 h in winter, +2 h from the last Sunday of March to the last Sunday of October (01:00 UTC).
    static func berlinOffset(_ epoch: Int) -> Int {
        let year = civil(epoch / 86_400).0
        func lastSunday(_ month: Int) -> Int {
            let lastDay = DayKey(year: year, month: month, day: 31)?.ordinal ?? 0
            let weekday = (lastDay + 4) % 7  // 1970-01-01 was a Thursday (4)
            return (lastDay - weekday) * 86_400 + 3_600
        }
        return epoch >= lastSunday(3) && epoch < lastSunday(10) ? 7_200 : 3_600
    }

    /// (year, month, day) of the day `days` after 1970-01-01.
    static func civil(_ days: Int) -> (Int, Int, Int) { DayKey(ordinal: days).components }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
