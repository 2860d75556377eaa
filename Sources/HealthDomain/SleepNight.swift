import JSON

/// One night of sleep (keyed by the wake-up date), taken from a single source.
///
/// Durations are kept in milliseconds (unions of segments); minutes are derived by
/// rounding each stage to the nearest whole minute, and ``asleepMinutes`` is the sum of
/// the rounded stages, so `asleep = deep + rem + core + unspecified` holds exactly in
/// the output too.
public struct SleepNight: Sendable, Equatable {
    /// Union of `asleepDeep` segments.
    public var deepMs: Int64
    /// Union of `asleepREM` segments.
    public var remMs: Int64
    /// Union of `asleepCore` segments.
    public var coreMs: Int64
    /// Union of coarse `asleep` segments; zero whenever the source has stage data.
    public var unspecifiedMs: Int64
    /// Union of `awake` segments.
    public var awakeMs: Int64
    /// Union of `inBed` segments.
    public var inBedMs: Int64
    /// First start of the counted asleep segments; nil when the source only had in-bed/awake data.
    public var sleepStart: Int64?
    /// Last end of the counted asleep segments.
    public var sleepEnd: Int64?
    /// The chosen source, as its most recent segment of the night named it.
    public var source: String
    /// Every source that reported a segment this night, best rank first, named alike.
    public var sources: [String]
    /// Segments of the night over all sources (including those not chosen).
    public var sampleCount: Int

    /// A night with explicit values.
    public init(
        deepMs: Int64, remMs: Int64, coreMs: Int64, unspecifiedMs: Int64, awakeMs: Int64, inBedMs: Int64,
        sleepStart: Int64?, sleepEnd: Int64?, source: String, sources: [String], sampleCount: Int
    ) {
        self.deepMs = deepMs
        self.remMs = remMs
        self.coreMs = coreMs
        self.unspecifiedMs = unspecifiedMs
        self.awakeMs = awakeMs
        self.inBedMs = inBedMs
        self.sleepStart = sleepStart
        self.sleepEnd = sleepEnd
        self.source = source
        self.sources = sources
        self.sampleCount = sampleCount
    }

    static func minutes(_ ms: Int64) -> Int { Int((Double(ms) / 60_000).rounded()) }

    /// ``deepMs`` rounded to the nearest minute.
    public var deepMinutes: Int { Self.minutes(deepMs) }
    /// ``remMs`` rounded to the nearest minute.
    public var remMinutes: Int { Self.minutes(remMs) }
    /// ``coreMs`` rounded to the nearest minute.
    public var coreMinutes: Int { Self.minutes(coreMs) }
    /// ``unspecifiedMs`` rounded to the nearest minute.
    public var unspecifiedMinutes: Int { Self.minutes(unspecifiedMs) }
    /// `deepMinutes + remMinutes + coreMinutes + unspecifiedMinutes`, by definition.
    public var asleepMinutes: Int { deepMinutes + remMinutes + coreMinutes + unspecifiedMinutes }
    /// ``awakeMs`` rounded to the nearest minute.
    public var awakeMinutes: Int { Self.minutes(awakeMs) }
    /// ``inBedMs`` rounded to the nearest minute.
    public var inBedMinutes: Int { Self.minutes(inBedMs) }

    /// The night as JSON; `sleepStart`/`sleepEnd` are null when nothing asleep was recorded.
    public var json: JSONValue {
        .object([
            "asleepMinutes": .number(Double(asleepMinutes)),
            "deepMinutes": .number(Double(deepMinutes)),
            "remMinutes": .number(Double(remMinutes)),
            "coreMinutes": .number(Double(coreMinutes)),
            "unspecifiedMinutes": .number(Double(unspecifiedMinutes)),
            "awakeMinutes": .number(Double(awakeMinutes)),
            "inBedMinutes": .number(Double(inBedMinutes)),
            "source": .string(source),
            "sources": .array(sources.map(JSONValue.string)),
            "sleepStart": sleepStart.map { .number(Double($0)) } ?? .null,
            "sleepEnd": sleepEnd.map { .number(Double($0)) } ?? .null,
            "sampleCount": .number(Double(sampleCount)),
        ])
    }
}
