extension Correlation {
    /// The correlation of `first` and `second` over `from…to`. With `lagDays: 1` the
    /// first metric on day d pairs with the second on d + 1; both days of a pair lie in
    /// the range, so the range's last day has no pair of its own.
    public static func compute(_ first: DaySeries, _ second: DaySeries, from: DayKey, to: DayKey,
                               lagDays: Int = 0) throws(JudgementError) -> Correlation {
        guard allowedLags.contains(lagDays) else {
            throw JudgementError(field: "lagDays", rule: "range",
                                 message: "'lagDays' must be \(allowedLags.lowerBound) or \(allowedLags.upperBound)")
        }
        try JudgementError.checkSpan(from: from, to: to, maximumDays: nil)
        var raw: [(day: DayKey, a: DayValue, b: DayValue)] = []
        for a in first.values(from: from, through: to.adding(days: -lagDays)) {
            if let b = second[a.day.adding(days: lagDays)] { raw.append((a.day, a, b)) }
        }
        let firstRanks = Ranking.averageRanks(raw.map(\.a.value))
        let secondRanks = Ranking.averageRanks(raw.map(\.b.value))
        let pairs = raw.indices.map { i in
            CorrelationPair(day: raw[i].day, secondDay: raw[i].b.day, first: raw[i].a.value, second: raw[i].b.value,
                            firstRank: firstRanks[i], secondRank: secondRanks[i],
                            status: DayStatus.combined([raw[i].a.status, raw[i].b.status]))
        }
        let n = pairs.count
        let dayStatus = DayStatus.combined(pairs.map(\.status))
        func answer(_ status: Status, rho: Double? = nil, t: Double? = nil, p: Double? = nil) -> Correlation {
            Correlation(first: first.metric, second: second.metric, from: from, to: to, lagDays: lagDays, status: status, n: n,
                        rho: rho, t: t, degreesOfFreedom: status == .computed ? n - 2 : nil, pValue: p, pairs: pairs, dayStatus: dayStatus)
        }
        guard n >= minimumPairs else { return answer(.insufficient) }
        guard let rho = Ranking.pearson(firstRanks, secondRanks) else { return answer(.noVariation) }
        guard abs(rho) < 1 else { return answer(.computed, rho: rho, p: 0) }
        let df = Double(n - 2)
        let t = rho * (df / (1 - rho * rho)).squareRoot()
        return answer(.computed, rho: rho, t: t, p: StudentT.twoSidedPValue(t: t, degreesOfFreedom: df))
    }
}
