import HealthDomain
import JSON

/// Fresh Health Auto Export bodies for `healthd-bench ingest --format hae`: batches take
/// turns between a heart-rate entry (`{date, Min, Avg, Max, source}` points, one per
/// minute as HAE's minute aggregation sends them) and a step entry (`{date, qty,
/// source}`), each continuing where its previous batch ended, dates written as HAE
/// writes them (`2025-01-01 00:00:00 +0100`).
struct HealthAutoExportBenchPayloads {
    var rng: SplitMix64
    /// Points per body.
    let pointsPerBatch: Int
    var batch = 0
    /// The next minute of the heart-rate and step streams.
    var minutes: [Int64] = [0, 0]
    /// 2025-01-01T00:00+01:00 in UTC: clear of the prefill's minutes.
    let origin: Int64 = 1_735_686_000_000
    let offsetSeconds: Int64 = 3600

    init(seed: UInt64, pointsPerBatch: Int) {
        rng = SplitMix64(seed: seed)
        self.pointsPerBatch = pointsPerBatch
    }

    /// The next body, serialized.
    mutating func next() -> [UInt8] {
        let stream = batch % 2
        batch += 1
        var points: [JSONValue] = []
        points.reserveCapacity(pointsPerBatch)
        for _ in 0..<pointsPerBatch {
            let date = Self.format(ms: origin + minutes[stream] * 60_000, offsetSeconds: offsetSeconds)
            minutes[stream] += 1
            if stream == 0 {
                let avg = 55 + Double(rng.next() % 600) / 10
                points.append(["date": .string(date), "Min": .number(avg - 4), "Avg": .number(avg), "Max": .number(avg + 7), "source": "Apple Watch"])
            } else {
                points.append(["date": .string(date), "qty": .number(Double(rng.next() % 140)), "source": "iPhone"])
            }
        }
        let entry: JSONValue = stream == 0
            ? ["name": "heart_rate", "units": "count/min", "data": .array(points)]
            : ["name": "step_count", "units": "count", "data": .array(points)]
        return JSONWriter.serialize(["data": ["metrics": [entry], "workouts": []]])
    }

    /// `yyyy-MM-dd HH:mm:ss ±HHMM` of the instant at the offset.
    static func format(ms: Int64, offsetSeconds: Int64) -> String {
        let local = ms / 1000 + offsetSeconds
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = local - days * 86_400
        let (year, month, day) = DayKey(ordinal: Int(days)).components
        func two<N: BinaryInteger>(_ n: N) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let off = abs(offsetSeconds) / 60
        return "\(year)-\(two(month))-\(two(day)) \(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) \(sign)\(two(off / 60))\(two(off % 60))"
    }
}
