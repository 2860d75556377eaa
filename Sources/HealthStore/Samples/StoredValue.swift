import SQLiteStore

/// How a sample's number is stored in `samples.value` (a column without affinity, so
/// SQLite keeps what is bound): a value with at most three decimals that round-trips
/// exactly is the integer `m × 4 + s`, where the value is `m / 10^s` — 0.973 kcal takes
/// two bytes instead of eight, 72 bpm one — and any other value is the 8-byte double.
/// Decoding gives back the identical double. Zero is stored as 0 whatever its sign, as
/// SQLite's REAL columns always stored it.
enum StoredValue {
    private static let scales: [Double] = [1, 10, 100, 1_000]
    /// Beyond this an integer's double is no longer exact.
    private static let limit = Double(1 << 50)

    static func encode(_ value: Double?) -> SQLiteValue {
        guard let value else { return .null }
        guard value != 0 else { return .integer(0) }
        guard value.isFinite else { return .real(value) }
        for (decimals, scale) in scales.enumerated() {
            let scaled = (value * scale).rounded()
            guard abs(scaled) < limit else { break }
            if (scaled / scale).bitPattern == value.bitPattern {
                return .integer(Int64(scaled) * 4 + Int64(decimals))
            }
        }
        return .real(value)
    }

    static func decode(_ stored: SQLiteValue) -> Double? {
        switch stored {
        case .integer(let code): return Double(code >> 2) / scales[Int(code & 3)]
        case .real(let value): return value
        case .null, .text, .blob: return nil
        }
    }
}
