import Testing
@testable import HealthDomain

/// Spearman's ρ with average ranks for ties, the one-day lag, and the t-approximation
/// p-value. Expected values were computed with SciPy 1.17 (`scipy.stats.spearmanr`,
/// `scipy.stats.t.sf`, `scipy.special.betainc`).
@Suite struct CorrelationTests {
    typealias F = JudgementFixtures
    let from = F.day("2026-01-01")

    @Test func averageRanksForTies() {
        #expect(Ranking.averageRanks([10, 20, 20, 30]) == [1, 2.5, 2.5, 4])
        #expect(Ranking.averageRanks([5, 5, 5]) == [2, 2, 2])
        #expect(Ranking.averageRanks([3, 1, 2]) == [3, 1, 2])
        #expect(Ranking.pearson([1, 2, 3], [2, 2, 2]) == nil)
    }

    @Test func spearmanWithTiesMatchesSciPy() throws {
        let a: [Double] = [1, 2, 2, 3, 4, 5, 5, 5, 6, 7, 8, 9, 10, 11, 12, 3]
        let b: [Double] = [2, 1, 3, 3, 5, 4, 6, 6, 5, 9, 7, 8, 12, 10, 11, 4]
        let c = try Correlation.compute(F.series(.stepCount, from: from, a), F.series(.hrvSdnnMs, from: from, b),
                                        from: from, to: from.adding(days: 15))
        #expect(c.status == .computed && c.n == 16 && c.degreesOfFreedom == 14)
        // spearmanr(a, b) = (0.9444454808735244, 3.778520578860259e-08)
        let rho = try #require(c.rho)
        let p = try #require(c.pValue)
        #expect(abs(rho - 0.9444454808735244) < 1e-12)
        #expect(abs(p - 3.778520578860259e-08) / 3.778520578860259e-08 < 1e-6)
        // rankdata(a): the two 2s share 2.5, the three 5s share 8.
        #expect(c.pairs.map(\.firstRank) == [1, 2.5, 2.5, 4.5, 6, 8, 8, 8, 10, 11, 12, 13, 14, 15, 16, 4.5])
        #expect(c.pairs[4].secondRank == 7.5)
        let t = try #require(c.t)
        #expect(abs(t - rho * (14 / (1 - rho * rho)).squareRoot()) < 1e-12)
    }

    @Test func aLagPairsDayDWithTheNextDay() throws {
        let x: [Double] = [5, 3, 8, 1, 9, 2, 7, 4, 6, 10, 3, 8, 2, 9, 5, 7, 1]
        let y: [Double] = [0, 4, 2, 9, 1, 8, 3, 7, 5, 10, 6, 2, 9, 3, 8, 4, 6]
        let first = F.series(.stepCount, from: from, x)
        let second = F.series(.sleepSegment, from: from, y)
        let to = from.adding(days: 16)
        // Same day: spearmanr(x, y) = (-0.47189632225879435, 0.05581695588074983).
        let same = try Correlation.compute(first, second, from: from, to: to)
        #expect(same.n == 17 && abs(same.rho! - -0.47189632225879435) < 1e-12 && abs(same.pValue! - 0.05581695588074983) < 1e-9)
        // Lagged: x[0…15] with y[1…16]: spearmanr = (0.806379821958457, 0.00016115780120623958).
        let lagged = try Correlation.compute(first, second, from: from, to: to, lagDays: 1)
        #expect(lagged.n == 16 && lagged.lagDays == 1)
        #expect(abs(lagged.rho! - 0.806379821958457) < 1e-12)
        #expect(abs(lagged.pValue! - 0.00016115780120623958) / 0.00016115780120623958 < 1e-6)
        #expect(lagged.pairs[0].day == from && lagged.pairs[0].secondDay == from.adding(days: 1))
        #expect(lagged.pairs[0].first == 5 && lagged.pairs[0].second == 4)
        // Both days of a pair lie in the range: the last day's first value has no partner.
        #expect(lagged.pairs.last?.day == to.adding(days: -1) && lagged.pairs.last?.secondDay == to)
        #expect(lagged.sentence.contains("the next day"))
    }

    @Test func fewerThan14PairsAreInsufficient() throws {
        let values = (0..<14).map { Double($0 * $0 % 11) }
        let a = F.series(.stepCount, from: from, values)
        let b = F.series(.hrvSdnnMs, from: from, values.reversed())
        #expect(try Correlation.compute(a, b, from: from, to: from.adding(days: 13)).status == .computed)
        // The lag costs a pair: 13.
        let lagged = try Correlation.compute(a, b, from: from, to: from.adding(days: 13), lagDays: 1)
        #expect(lagged.status == .insufficient && lagged.n == 13 && lagged.rho == nil && lagged.pValue == nil)
        #expect(lagged.sentence.contains("at least 14"))
        // A day missing from one series leaves that day unpaired.
        let gap = F.series(.hrvSdnnMs, from: from, [nil] + values.dropFirst().map { Optional($0) })
        #expect(try Correlation.compute(a, gap, from: from, to: from.adding(days: 13)).n == 13)
    }

    @Test func perfectRankAgreementHasPZero() throws {
        let a = F.series(.stepCount, from: from, (0..<15).map { Double($0) })
        let up = F.series(.hrvSdnnMs, from: from, (0..<15).map { Double($0 * $0) })
        let down = F.series(.restingHeartRateBpm, from: from, (0..<15).map { 100 - Double($0) })
        let plus = try Correlation.compute(a, up, from: from, to: from.adding(days: 14))
        #expect(plus.rho == 1 && plus.pValue == 0 && plus.t == nil && plus.degreesOfFreedom == 13)
        let minus = try Correlation.compute(a, down, from: from, to: from.adding(days: 14))
        #expect(minus.rho == -1 && minus.pValue == 0)
        #expect(minus.sentence.contains("lower"))
        let flat = F.series(.bodyMassKg, from: from, Array(repeating: 70, count: 15))
        #expect(try Correlation.compute(a, flat, from: from, to: from.adding(days: 14)).status == .noVariation)
    }

    @Test func sentencesDescribeAnAssociationOnly() throws {
        let a = F.series(.stepCount, from: from, (0..<20).map { Double($0 % 7) })
        let b = F.series(.hrvSdnnMs, from: from, (0..<20).map { Double(($0 * 3) % 7) })
        let c = try Correlation.compute(a, b, from: from, to: from.adding(days: 19))
        for sentence in [c.sentence, try Correlation.compute(a, b, from: from, to: from.adding(days: 5)).sentence] {
            #expect(!sentence.lowercased().contains("cause"))
        }
        #expect(c.sentence.contains("Spearman ρ"))
        #expect(Correlation.decimals(0.5249, 2) == "0.52" && Correlation.decimals(-0.005, 2) == "-0.01" && Correlation.decimals(0.0004, 3) == "0.000")
    }

    @Test func lagOutsideItsRangeIsRejected() {
        let a = F.series(.stepCount, from: from, [1])
        do {
            _ = try Correlation.compute(a, a, from: from, to: from, lagDays: 2)
            Issue.record("lag 2 was accepted")
        } catch {
            #expect(error.field == "lagDays" && error.rule == "range")
        }
    }
}
