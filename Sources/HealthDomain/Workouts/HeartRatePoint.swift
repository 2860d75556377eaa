/// One heart-rate reading of a workout's timeline.
public struct HeartRatePoint: Sendable, Equatable {
    /// When, Unix epoch milliseconds.
    public var timeMs: Int64
    /// Beats per minute.
    public var bpm: Double

    /// A reading.
    public init(timeMs: Int64, bpm: Double) {
        self.timeMs = timeMs
        self.bpm = bpm
    }
}
