/// SplitMix64: a tiny seeded pseudo-random generator for demo data.
///
/// The demo history must be the same on every machine and every toolchain for a given
/// seed, so this neither uses `SystemRandomNumberGenerator` nor the standard library's
/// `random(in:using:)` helpers (whose algorithms are not promised to stay fixed); every
/// derived value below is plain integer and floating-point arithmetic.
struct DemoRandom {
    private var state: UInt64

    /// A generator for one independent stream: the seed, a day and a purpose are mixed so
    /// that, e.g., a day's sleep does not change when its step generation draws more numbers.
    init(seed: UInt64, day: Int = 0, stream: UInt64 = 0) {
        var mixer = DemoRandom(rawState: seed)
        let a = mixer.next()
        var second = DemoRandom(rawState: a ^ UInt64(bitPattern: Int64(day)) &* 0x9E37_79B9_7F4A_7C15)
        let b = second.next()
        var third = DemoRandom(rawState: b ^ stream &* 0xD1B5_4A32_D192_ED03)
        state = third.next()
    }

    private init(rawState: UInt64) { state = rawState }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

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
