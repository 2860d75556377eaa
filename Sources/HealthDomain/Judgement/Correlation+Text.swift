extension Correlation {
    /// One sentence describing the association, e.g. "Over 20 paired days, higher
    /// step_count went with higher hrv_sdnn_ms the next day (Spearman ρ = 0.52, p = 0.019):
    /// a moderate association, which does not show that one drives the other."
    public var sentence: String {
        let next = lagDays == 1 ? " the next day" : ""
        switch status {
        case .insufficient:
            return "Only \(n) paired days of \(first) and \(second)\(next) between \(from) and \(to); at least \(minimumPairs) are needed."
        case .noVariation:
            return "Over \(n) paired days, \(first) or \(second) did not vary, so no association can be measured."
        case .computed:
            let rho = rho ?? 0
            let p = pValue.map { $0 < 0.001 ? "p < 0.001" : "p = \(Self.decimals($0, 3))" } ?? ""
            let strength = switch abs(rho) {
            case ..<0.3: "a weak"
            case ..<0.5: "a moderate"
            default: "a strong"
            }
            if abs(rho) < 0.1 {
                return "Over \(n) paired days, \(first) and \(second)\(next) showed no meaningful association (Spearman ρ = \(Self.decimals(rho, 2)), \(p))."
            }
            let way = rho < 0 ? "lower" : "higher"
            return "Over \(n) paired days, higher \(first) went with \(way) \(second)\(next) (Spearman ρ = \(Self.decimals(rho, 2)), \(p)): "
                + "\(strength) association, which does not show that one drives the other."
        }
    }

    /// `value` with `places` decimals, rounded half away from zero.
    static func decimals(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded(.toNearestOrAwayFromZero))
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
