#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Student's t distribution through the regularized incomplete beta function, for the
/// p-value of a correlation. Written here (continued fraction evaluated by the modified
/// Lentz method, log-gamma by Lanczos' series) because the toolchain has neither, and
/// the C library's `lgamma` writes a process-wide sign variable.
public enum StudentT {
    /// The two-sided p-value of `t` with `degreesOfFreedom`: P(|T| ≥ |t|) = I_x(ν/2, 1/2)
    /// with x = ν / (ν + t²).
    public static func twoSidedPValue(t: Double, degreesOfFreedom: Double) -> Double {
        guard t.isFinite else { return 0 }
        let x = degreesOfFreedom / (degreesOfFreedom + t * t)
        return regularizedIncompleteBeta(a: degreesOfFreedom / 2, b: 0.5, x: x)
    }

    /// The cumulative distribution function P(T ≤ t).
    public static func cdf(t: Double, degreesOfFreedom: Double) -> Double {
        let tail = twoSidedPValue(t: t, degreesOfFreedom: degreesOfFreedom) / 2
        return t >= 0 ? 1 - tail : tail
    }

    /// I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 ≤ x ≤ 1.
    ///
    /// The continued fraction converges fast for x < (a + 1) / (a + b + 2); above that
    /// the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) is used instead.
    public static func regularizedIncompleteBeta(a: Double, b: Double, x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * log(x) + b * log(1 - x)
        let front = exp(logFront)
        if x < (a + 1) / (a + b + 2) {
            return front * betaContinuedFraction(a: a, b: b, x: x) / a
        }
        return 1 - front * betaContinuedFraction(a: b, b: a, x: 1 - x) / b
    }

    /// The continued fraction of the incomplete beta function,
    /// 1 / (1 + d₁ / (1 + d₂ / (1 + …))), with
    /// d₂ₘ₊₁ = −(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)) and
    /// d₂ₘ = m (b − m) x / ((a + 2m − 1)(a + 2m)), evaluated front to back by the
    /// modified Lentz method (tiny values stand in for zeros so no step divides by zero).
    static func betaContinuedFraction(a: Double, b: Double, x: Double) -> Double {
        let maxIterations = 300
        let epsilon = 1e-15
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...maxIterations {
            let m = Double(m)
            let twoM = 2 * m
            // Even step.
            var term = m * (b - m) * x / ((a + twoM - 1) * (a + twoM))
            d = 1 + term * d
            if abs(d) < tiny { d = tiny }
            c = 1 + term / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            // Odd step.
            term = -(a + m) * (a + b + m) * x / ((a + twoM) * (a + twoM + 1))
            d = 1 + term * d
            if abs(d) < tiny { d = tiny }
            c = 1 + term / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < epsilon { break }
        }
        return result
    }

    /// ln Γ(x) for x > 0 by the Lanczos approximation (g = 7, nine coefficients; relative
    /// error near 1e-15), using Γ(x)Γ(1 − x) = π / sin(πx) below ½.
    static func logGamma(_ x: Double) -> Double {
        if x < 0.5 {
            return log(Double.pi / abs(sin(Double.pi * x))) - logGamma(1 - x)
        }
        let coefficients: [Double] = [
            0.999_999_999_999_809_93, 676.520_368_121_885_1, -1_259.139_216_722_402_8, 771.323_428_777_653_13,
            -176.615_029_162_140_59, 12.507_343_278_686_905, -0.138_571_095_265_720_12, 9.984_369_578_019_571_6e-6,
            1.505_632_735_149_311_6e-7,
        ]
        let z = x - 1
        var sum = coefficients[0]
        for i in 1..<coefficients.count { sum += coefficients[i] / (z + Double(i)) }
        let t = z + 7.5
        return 0.5 * log(2 * Double.pi) + (z + 0.5) * log(t) - t + log(sum)
    }
}
