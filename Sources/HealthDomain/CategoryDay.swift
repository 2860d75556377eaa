import JSON

/// A day of a category metric: how many samples, for how long (overlaps merged), and
/// which values were seen how often (symptom severities, flow levels, notification kinds).
public struct CategoryDay: Sendable, Equatable {
    /// Samples on the day, over all sources.
    public var count: Int
    /// Minutes covered by the samples, overlapping samples counted once, rounded to the nearest minute.
    public var minutes: Int
    /// How many samples carried each value, by value name.
    public var values: [String: Int]
    /// Sources that contributed, best rank first, each as its most recent sample named it.
    public var sources: [String]

    /// A day with explicit values.
    public init(count: Int, minutes: Int, values: [String: Int], sources: [String]) {
        self.count = count
        self.minutes = minutes
        self.values = values
        self.sources = sources
    }

    /// `{"count", "minutes", "values": {name: count}, "sources"}`.
    public var json: JSONValue {
        .object([
            "count": .number(Double(count)),
            "minutes": .number(Double(minutes)),
            "values": .object(values.mapValues { .number(Double($0)) }),
            "sources": .array(sources.map(JSONValue.string)),
        ])
    }
}

/// A day of blood pressure: readings (a systolic and a diastolic sample of the same
/// time and source) and the statistics of each side.
public struct BloodPressureDay: Sendable, Equatable {
    /// Statistics of one side over the day's samples of it.
    public struct Side: Sendable, Equatable {
        public var avg: Double
        public var min: Double
        public var max: Double
        /// The side of the latest reading.
        public var latest: Double

        /// A side with explicit values.
        public init(avg: Double, min: Double, max: Double, latest: Double) {
            self.avg = avg
            self.min = min
            self.max = max
            self.latest = latest
        }

        var json: JSONValue {
            .object(["avg": JSONRounding.number(avg), "min": JSONRounding.number(min), "max": JSONRounding.number(max),
                     "latest": JSONRounding.number(latest)])
        }
    }

    /// Paired readings.
    public var readings: Int
    /// Samples of one side without the other at the same time and source.
    public var unpaired: Int
    /// Systolic statistics over the day's systolic samples.
    public var systolic: Side
    /// Diastolic statistics over the day's diastolic samples.
    public var diastolic: Side
    /// Start of the latest reading.
    public var latestTimeMs: Int64
    /// Sources that contributed, best rank first, each as its most recent sample named it.
    public var sources: [String]

    /// A day with explicit values.
    public init(readings: Int, unpaired: Int, systolic: Side, diastolic: Side, latestTimeMs: Int64, sources: [String]) {
        self.readings = readings
        self.unpaired = unpaired
        self.systolic = systolic
        self.diastolic = diastolic
        self.latestTimeMs = latestTimeMs
        self.sources = sources
    }

    /// `{"readings", "unpaired", "systolic": {avg,min,max,latest}, "diastolic": {…}, "latestTimeMs", "sources"}`.
    public var json: JSONValue {
        .object([
            "readings": .number(Double(readings)),
            "unpaired": .number(Double(unpaired)),
            "systolic": systolic.json,
            "diastolic": diastolic.json,
            "latestTimeMs": .number(Double(latestTimeMs)),
            "sources": .array(sources.map(JSONValue.string)),
        ])
    }
}
