/// A source and its newest sample: when it ended, and in which zone it was recorded.
public struct SourceActivity: Sendable, Equatable {
    /// The source's name exactly as its device wrote it.
    public var name: String
    /// The newest sample's end, in milliseconds since the epoch.
    public var lastSampleEndMs: Int64
    /// The newest sample's own IANA time zone; its offset is the one the state shows.
    public var timeZone: String

    /// A source's activity.
    public init(name: String, lastSampleEndMs: Int64, timeZone: String) {
        self.name = name
        self.lastSampleEndMs = lastSampleEndMs
        self.timeZone = timeZone
    }
}
