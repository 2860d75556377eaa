import Testing
@testable import HealthDomain

/// Student's t through the regularized incomplete beta function, against tabulated
/// values and SciPy 1.17 (`scipy.stats.t`, `scipy.special.betainc`).
@Suite struct StudentTTests {
    @Test func tabulatedCriticalValue() {
        // t(0.975, 28) = 2.048 in every table: two-sided p ≈ 0.05 (SciPy: 0.050042524695441515).
        let p = StudentT.twoSidedPValue(t: 2.048, degreesOfFreedom: 28)
        #expect(abs(p - 0.05) < 0.0005)
        #expect(abs(p - 0.050042524695441515) < 1e-10)
        // Symmetric in the sign of t.
        #expect(StudentT.twoSidedPValue(t: -2.048, degreesOfFreedom: 28) == p)
    }

    @Test func matchesSciPy() {
        let cases: [(t: Double, df: Double, p: Double)] = [(1, 10, 0.34089313230206), (3.5, 5, 0.017284431785293358), (0.3, 100, 0.7647998803003035)]
        for c in cases {
            #expect(abs(StudentT.twoSidedPValue(t: c.t, degreesOfFreedom: c.df) - c.p) < 1e-10, "t \(c.t) df \(c.df)")
        }
        #expect(abs(StudentT.cdf(t: -1.5, degreesOfFreedom: 7) - 0.088649243494985) < 1e-10)
        #expect(abs(StudentT.cdf(t: 1.5, degreesOfFreedom: 7) - (1 - 0.088649243494985)) < 1e-10)
        #expect(StudentT.twoSidedPValue(t: 0, degreesOfFreedom: 12) == 1)
        #expect(StudentT.twoSidedPValue(t: .infinity, degreesOfFreedom: 12) == 0)
    }

    @Test func incompleteBetaIdentities() {
        // I_x(1, 1) = x; I_x(a, 1) = x^a; both branches of the continued fraction.
        for x in [0.1, 0.5, 0.9] {
            #expect(abs(StudentT.regularizedIncompleteBeta(a: 1, b: 1, x: x) - x) < 1e-13)
            #expect(abs(StudentT.regularizedIncompleteBeta(a: 3, b: 1, x: x) - x * x * x) < 1e-13)
        }
        #expect(abs(StudentT.regularizedIncompleteBeta(a: 2.5, b: 0.5, x: 0.3) - 0.018927124071945658) < 1e-12)
        #expect(abs(StudentT.regularizedIncompleteBeta(a: 14, b: 0.5, x: 0.9) - 0.08867000648783797) < 1e-12)
        #expect(StudentT.regularizedIncompleteBeta(a: 2, b: 3, x: 0) == 0 && StudentT.regularizedIncompleteBeta(a: 2, b: 3, x: 1) == 1)
    }

    @Test func logGammaMatchesKnownValues() {
        // ln Γ(0.5) = ln √π; Python's math.lgamma for the others.
        #expect(abs(StudentT.logGamma(0.5) - 0.5723649429247004) < 1e-13)
        #expect(abs(StudentT.logGamma(10.3) - 13.48203678613836) < 1e-12)
        #expect(abs(StudentT.logGamma(0.1) - 2.2527126517342055) < 1e-13)
        #expect(abs(StudentT.logGamma(5) - 3.1780538303479458) < 1e-13)  // ln 24
    }
}
