import HealthDomain

/// Uniform draws from a seeded SplitMix64 in plain integer and floating-point arithmetic,
/// so a generated history is the same on every machine and toolchain (the standard
/// library's `random(in:using:)` algorithms are not promised to stay fixed).
struct SeededDraws {
    private var generator: SplitMix64

    /// A stream for one purpose of one day: the seed, the day and the purpose are mixed so
    /// that drawing more numbers for one purpose leaves the others unchanged.
    init(seed: UInt64, day: Int, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (UInt64(bitPattern: Int64(day)) &* 0x9E37_79B9_7F4A_7C15) ^ (stream &* 0xD1B5_4A32_D192_ED03))
        generator = SplitMix64(seed: mixer.next())
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 { generator.next() }

    /// Uniform in `[0, 1)` with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `[low, high)`.
    mutating func double(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// Uniform integer in `range` (the modulo bias is irrelevant here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A HealthKit-style UUID (uppercase, 8-4-4-4-12), as the iPhone client sends as a sample's key.
    mutating func uuid() -> String {
        let halves = [next(), next()]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { bytes.append(UInt8(ascii: "-")) }
            let shift = UInt64(60 - 4 * (i % 16))
            let nibble = UInt8((halves[i / 16] >> shift) & 0xF)
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
