/// The key of a sample whose wire format carries no HealthKit UUID (HealthSave v1,
/// Health Auto Export, export.xml records). Every adapter derives it with this one
/// function, from what identifies a measurement — canonical metric, source, start and
/// end — and never from the value: a corrected value then updates the stored sample, and
/// the same sample arriving by two paths is stored once.
public enum SampleKey {
    /// Prefix of derived keys, so they can never collide with a HealthKit UUID.
    public static let derivedPrefix = "d1-"

    /// `d1-` and 32 hex digits of two independent 64-bit FNV-1a hashes of the fields,
    /// each field followed by a 0x1F separator so that no two field lists share bytes.
    public static func derived(metric: Metric, source: String, startTimeMs: Int64, endTimeMs: Int64) -> String {
        // One device's name spelled two ways is one source (see SourceName).
        derivedPrefix + digest([metric.rawValue, SourceName.normalized(source), String(startTimeMs), String(endTimeMs)])
    }

    /// The derived key of one side of a pair the wire sends under one metric
    /// (HealthSave's blood pressure batch carries `blood_pressure_systolic` and
    /// `…_diastolic` samples of the same time and source): the inner metric name joins
    /// the fields. Without one it is exactly ``derived(metric:source:startTimeMs:endTimeMs:)``,
    /// so keys already stored keep their meaning.
    public static func derived(metric: Metric, source: String, startTimeMs: Int64, endTimeMs: Int64, innerMetric: String?) -> String {
        guard let innerMetric else { return derived(metric: metric, source: source, startTimeMs: startTimeMs, endTimeMs: endTimeMs) }
        return derivedPrefix + digest([metric.rawValue, SourceName.normalized(source), String(startTimeMs), String(endTimeMs), innerMetric])
    }

    /// 32 hex digits of two independent 64-bit FNV-1a hashes of `fields`, each field
    /// followed by a 0x1F separator; every derived key (samples, workouts) uses it.
    static func digest(_ fields: [String]) -> String {
        var low: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt64 = 0x6c62_272e_07bb_0142
        for field in fields {
            for byte in field.utf8 {
                low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
            }
            low = (low ^ 0x1F) &* 0x0000_0100_0000_01b3
            high = (high ^ 0x1F) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
        }
        return hex(high) + hex(low)
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
