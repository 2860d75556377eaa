/// A readiness score's band: low < 50 ≤ fair < 65 ≤ good < 80 ≤ optimal.
public enum ReadinessBand: String, Sendable, CaseIterable {
    /// Below 50.
    case low
    /// 50–64.
    case fair
    /// 65–79.
    case good
    /// 80 and above.
    case optimal

    /// The band `score` falls in.
    public init(score: Int) {
        switch score {
        case ..<50: self = .low
        case ..<65: self = .fair
        case ..<80: self = .good
        default: self = .optimal
        }
    }
}
