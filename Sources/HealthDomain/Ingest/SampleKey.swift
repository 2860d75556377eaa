/// The key of a sample whose wire format carries no HealthKit UUID (HealthSave v1,
/// Health Auto Export, export.xml records). Every adapter derives it with this one
/// function, from what identifies a measurement — canonical metric, source, start and
/// end — and never from the value: a corrected value then updates the stored sample, and
/// the same sample arriving by two paths is stored once.
///
/// Food and water apps write each item of a meal as its own sample at the meal's time, so
/// several id-less samples of one request may share a derived key. They are told apart
/// by their order in the request (see ``SampleOccurrences``): the first keeps the derived
/// key, the second is `<key>-1`, the third `<key>-2`, … (``occurrence(_:of:)``). Every
/// key stored before keeps its meaning, a re-sent request gives the same keys, and the
/// store can tell the other entries of a group (same base key) from a sample another
/// path derived under another key.
public enum SampleKey {
    /// Prefix of derived keys, so they can never collide with a HealthKit UUID.
    public static let derivedPrefix = "d1-"

    /// Length of a derived key without an occurrence: the prefix and 32 hex digits.
    static let derivedLength = derivedPrefix.utf8.count + 32

    /// Whether `key` was derived here (by any adapter, any occurrence) rather than sent
    /// as the sample's own identity (a HealthKit uuid, a sync identifier, a client's key).
    public static func isDerived(_ key: String) -> Bool { key.hasPrefix(derivedPrefix) }

    /// The key of the `index`-th id-less sample (counting from 0) of one request whose
    /// derived key is `base`: `base` itself for the first, `base-1`, `base-2`, … after it.
    /// The suffix never appears in a digest (hex digits), so an occurrence key can equal
    /// no other derived key, whatever its fields.
    public static func occurrence(_ index: Int, of base: String) -> String {
        index <= 0 ? base : base + "-" + String(index)
    }

    /// The derived key `key` counts from: `key` without its occurrence suffix (itself
    /// for a first occurrence and for every key not derived here).
    public static func base(of key: String) -> Substring {
        let utf8 = key.utf8
        guard isDerived(key), utf8.count > derivedLength else { return Substring(key) }
        let end = utf8.index(utf8.startIndex, offsetBy: derivedLength)
        guard utf8[end] == UInt8(ascii: "-") else { return Substring(key) }
        return key[..<end]
    }

    /// `d1-` and 32 hex digits of two independent 64-bit FNV-1a hashes of the fields,
    /// each field followed by a 0x1F separator so that no two field lists share bytes.
    public static func derived(metric: Metric, source: String, startTimeMs: Int64, endTimeMs: Int64) -> String {
        // One device's name spelled two ways is one source (see SourceName). The same
        // bytes as `digest([metric, normalized(source), "\(start)", "\(end)"])`, hashed
        // in place: an export derives millions of these.
        var digest = KeyDigest()
        digest.add(metric.rawValue)
        digest.addNormalizedSource(source)
        digest.add(decimal: startTimeMs)
        digest.add(decimal: endTimeMs)
        return digest.key(prefix: derivedPrefix)
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

    /// The derived key of the `occurrence`-th id-less sample (from 0) of one request with
    /// these fields: ``occurrence(_:of:)`` of the key above.
    public static func derived(metric: Metric, source: String, startTimeMs: Int64, endTimeMs: Int64, innerMetric: String? = nil,
                               occurrence index: Int) -> String {
        occurrence(index, of: derived(metric: metric, source: source, startTimeMs: startTimeMs, endTimeMs: endTimeMs, innerMetric: innerMetric))
    }

    /// 32 hex digits of two independent 64-bit FNV-1a hashes of `fields`, each field
    /// followed by a 0x1F separator; every derived key (samples, workouts) uses it.
    public static func digest(_ fields: [String]) -> String {
        var digest = KeyDigest()
        for field in fields { digest.add(field) }
        return digest.key(prefix: "")
    }

    /// A 64-bit hash of `key`'s bytes, eight at a time (derived keys are 35 bytes): not
    /// for storage (it may change), for telling keys apart quickly before comparing them.
    public static func hash64(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
            var index = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while index + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 31
                index += 8
            }
            while index < bytes.count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x94D0_49BB_1331_11EB
                index += 1
            }
            hash ^= hash >> 29
            return hash
        }
    }
}
