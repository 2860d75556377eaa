import HealthDomain
import HealthFormats
import JSON

/// Fresh HealthSave batches for `healthd-bench ingest --format healthsave`, alternating
/// the two shapes the app sends most: heart rate in the v1 shape (`date`, `qty`,
/// `source`; keys derived) and steps in the v2 shape (`uuid`, `startDate`, `endDate`,
/// `unit`, `tzOffsetMinutes`), one sample per minute, never repeating a time or id.
struct HealthSaveBenchBatches {
    /// 2026-01-01T00:00:00Z: later than the prefill, so batches add days of their own.
    static let baseMs: Int64 = 1_767_225_600_000
    var minute: Int64 = 0
    var batch = 0

    mutating func next(_ size: Int) -> IngestBenchmark.Payload {
        defer {
            batch += 1
            if batch % 2 == 0 { minute += Int64(size) }
        }
        let first = minute
        if batch % 2 == 0 {
            let samples: [JSONValue] = (0..<size).map { i in
                ["date": .string(HealthSaveDate.format(Self.baseMs + (first + Int64(i)) * 60_000)), "qty": JSONValue(60 + i % 40), "source": "Apple Watch"]
            }
            let body: JSONValue = ["metric": "heart_rate", "batch_index": JSONValue(batch / 2), "total_batches": 1_000_000, "samples": .array(samples)]
            return IngestBenchmark.Payload(path: "/api/apple/batch", body: JSONWriter.serialize(body))
        }
        let samples: [JSONValue] = (0..<size).map { i in
            let start = Self.baseMs + (first + Int64(i)) * 60_000
            return [
                "uuid": .string("BENCH-\(batch)-\(i)"), "startDate": .string(HealthSaveDate.format(start)),
                "endDate": .string(HealthSaveDate.format(start + 60_000)), "qty": JSONValue(20 + i % 50), "unit": "count",
                "source": "iPhone", "tzOffsetMinutes": 60,
            ]
        }
        let body: JSONValue = [
            "metric": "step_count", "schema_version": 2, "batch_index": JSONValue(batch / 2), "total_batches": 1_000_000,
            "device": ["name": "iPhone", "model": "iPhone16,1"], "samples": .array(samples),
        ]
        return IngestBenchmark.Payload(path: "/api/v2/apple/batch", body: JSONWriter.serialize(body))
    }
}
