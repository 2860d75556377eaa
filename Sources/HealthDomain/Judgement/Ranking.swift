/// Ranks for rank correlation.
public enum Ranking {
    /// 1-based ranks of `values` in their order; tied values share the average of the
    /// ranks they span (2 and 3 tied → 2.5 each).
    public static func averageRanks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && values[order[j + 1]] == values[order[i]] { j += 1 }
            // Positions i…j (0-based) hold ranks i+1…j+1; their mean is (i + j) / 2 + 1.
            let rank = Double(i + j) / 2 + 1
            for k in i...j { ranks[order[k]] = rank }
            i = j + 1
        }
        return ranks
    }

    /// Pearson's correlation of two equally long samples; nil when either is constant or
    /// they have fewer than two elements.
    public static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
        guard x.count == y.count, x.count >= 2 else { return nil }
        let n = Double(x.count)
        let meanX = x.reduce(0, +) / n
        let meanY = y.reduce(0, +) / n
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for i in x.indices {
            let dx = x[i] - meanX
            let dy = y[i] - meanY
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        guard sxx > 0, syy > 0 else { return nil }
        return Swift.min(Swift.max(sxy / (sxx * syy).squareRoot(), -1), 1)
    }
}
