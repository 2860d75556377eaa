/// Median and median absolute deviation: centre and spread that one odd day cannot drag,
/// which is why baselines use them rather than mean and standard deviation.
public enum RobustStatistics {
    /// The factor that makes the MAD estimate the standard deviation of normal data.
    public static let madScale = 1.4826

    /// The median: the middle value, or the mean of the two middle values of an even
    /// count; nil for no values.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The median of the absolute deviations from the median; nil for no values.
    public static func medianAbsoluteDeviation(_ values: [Double]) -> Double? {
        guard let centre = median(values) else { return nil }
        return median(values.map { abs($0 - centre) })
    }
}
