import HealthDomain

/// Seeded random streams for demo data, on top of `SplitMix64`.
///
/// The demo history must be the same on every machine and every toolchain for a given
/// seed, so this neither uses `SystemRandomNumberGenerator` nor the standard library's
/// `random(in:using:)` helpers (whose algorithms are not promised to stay fixed); every
/// derived value below is plain integer and floating-point arithmetic.
struct DemoRandom {
    private var generator: SplitMix64

    /// A generator for one independent stream: the seed, a day and a purpose are mixed so
    /// that, e.g., a day's sleep does not change when its step generation draws more numbers.
    init(seed: UInt64, day: Int = 0, stream: UInt64 = 0) {
        var mixer = SplitMix64(seed: seed)
        var second = SplitMix64(seed: mixer.next() ^ UInt64(bitPattern: Int64(day)) &* 0x9E37_79B9_7F4A_7C15)
        var third = SplitMix64(seed: second.next() ^ stream &* 0xD1B5_4A32_D192_ED03)
        generator = SplitMix64(seed: third.next())
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 { generator.next() }

    /// Uniform in `[0, 1)` with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `[low, high)`.
    mutating func double(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// Uniform integer in `range` (the tiny modulo bias is irrelevant for demo data).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// Roughly normal with mean 0 and standard deviation 1 (Irwin–Hall of four uniforms),
    /// avoiding `log`/`cos` so results do not depend on the platform's math library.
    mutating func gaussian() -> Double {
        (unit() + unit() + unit() + unit() - 2) * 1.732_050_807_568_877
    }
}
