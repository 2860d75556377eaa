import HealthDomain

extension Limits {
    /// Days an `anomalies` scan may span: each day is judged against its own baseline.
    public static let anomalyScanDays = AnomalyScan.maximumDays
    /// Days a `correlation` may span: its full answer lists every paired day.
    public static let correlationDays = 3_660
    /// Days `records` may span: each day is visited once, so a century of history.
    public static let recordsDays = 36_600
    /// Characters a `detail: "brief"` answer aims to stay under, for an agent's context.
    public static let briefAnswerCharacters = 4_000
}
