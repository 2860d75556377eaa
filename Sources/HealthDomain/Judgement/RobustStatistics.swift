/// Median and median absolute deviation: centre and spread that one odd day cannot drag,
/// which is why baselines use them rather than mean and standard deviation.
public enum RobustStatistics {
    /// The factor that makes the MAD estimate the standard deviation of normal data.
    public static let madScale = 1.4826

    /// The median: the middle value, or the mean of the two middle values of an even
    /// count; nil for no values.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return median(sorted: values.sorted())
    }

    /// The median absolute deviation from the median; nil for no values.
    public static func medianAbsoluteDeviation(_ values: [Double]) -> Double? {
        medianAndMAD(values)?.mad
    }

    /// The median and the MAD with one sort: the deviations of sorted values below the
    /// median grow leftwards and those at or above it rightwards, so merging the two runs
    /// walks the deviations in ascending order without sorting them again (a year's scan
    /// computes thousands of baselines). Equal to the median of `|x − median|` exactly.
    public static func medianAndMAD(_ values: [Double]) -> (median: Double, mad: Double)? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let centre = median(sorted: sorted)
        // The first index at or above the centre: left of it deviations are centre − x.
        var right = 0
        while right < sorted.count, sorted[right] < centre { right += 1 }
        var left = right - 1
        let n = sorted.count
        var previous = 0.0
        var current = 0.0
        for _ in 0...(n / 2) {
            previous = current
            let leftDeviation = left >= 0 ? centre - sorted[left] : Double.infinity
            let rightDeviation = right < n ? sorted[right] - centre : Double.infinity
            if leftDeviation <= rightDeviation {
                current = leftDeviation
                left -= 1
            } else {
                current = rightDeviation
                right += 1
            }
        }
        return (centre, n % 2 == 1 ? current : (previous + current) / 2)
    }

    /// The median of values already in ascending order.
    static func median(sorted: [Double]) -> Double {
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
