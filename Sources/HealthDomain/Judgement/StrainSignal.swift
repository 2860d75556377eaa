/// A day on which at least two of the five strain conditions held (raised resting heart
/// rate, lowered HRV, raised respiratory rate, raised wrist temperature, a short night):
/// a pattern often seen when the body is fighting something or under load. Lists every
/// condition, held or not, so the reader sees what was and was not known.
public struct StrainSignal: Sendable, Equatable {
    /// Conditions that must hold for a signal.
    public static let minimumMet = 2

    /// The day.
    public var day: DayKey
    /// The five conditions, in ``StrainCheck/Name`` order.
    public var checks: [StrainCheck]
    /// How many held.
    public var met: Int
    /// `provisional` when any value read may still change.
    public var status: DayStatus

    /// A signal with explicit values.
    public init(day: DayKey, checks: [StrainCheck], met: Int, status: DayStatus) {
        self.day = day
        self.checks = checks
        self.met = met
        self.status = status
    }
}
