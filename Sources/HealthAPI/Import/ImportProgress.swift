/// Where a running import is: reported to a terminal progress bar, a log line per
/// stage, or the job a `GET /health/import/{id}` shows.
public struct ImportProgress: Sendable, Equatable {
    /// The stages of an import.
    public enum Stage: String, Sendable {
        case receiving, opening, records, finishing, done, failed
    }

    /// The current stage.
    public var stage: Stage
    /// Bytes of the export read so far (compressed bytes inside a zip).
    public var bytesDone: Int64
    /// Bytes of the export in all.
    public var bytesTotal: Int64
    /// Records read so far.
    public var records: Int
    /// Seconds since the import started.
    public var elapsedSeconds: Double

    /// A progress value.
    public init(stage: Stage, bytesDone: Int64 = 0, bytesTotal: Int64 = 0, records: Int = 0, elapsedSeconds: Double = 0) {
        self.stage = stage
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.records = records
        self.elapsedSeconds = elapsedSeconds
    }

    /// The share done, 0…1.
    public var fraction: Double { bytesTotal > 0 ? min(1, Double(bytesDone) / Double(bytesTotal)) : 0 }

    /// Records per second so far.
    public var recordsPerSecond: Double { elapsedSeconds > 0 ? Double(records) / elapsedSeconds : 0 }

    /// Seconds left at the rate so far, when it can be estimated.
    public var secondsLeft: Double? {
        guard fraction > 0.01, elapsedSeconds > 0 else { return nil }
        return elapsedSeconds * (1 - fraction) / fraction
    }
}
