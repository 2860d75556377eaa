import JSON

/// A stored aggregate that does not read back as the shape its kind writes: a missing or
/// mistyped member. Surfaces report the (day, metric) and `healthd rebuild` repairs it;
/// it is never read as "no data".
public struct AggregateDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The member that is missing or has the wrong type, e.g. `sources[2].counted`.
    public var field: String

    /// An error naming `field`.
    public init(field: String) { self.field = field }

    /// "stored aggregate member 'total' is missing or mistyped".
    public var description: String { "stored aggregate member '\(field)' is missing or mistyped" }
}

extension DayAggregate {
    /// Reads back what ``json`` wrote for an aggregate of `kind`.
    public init(json: JSONValue, kind: MetricKind) throws {
        let reader = AggregateReader(json: json, prefix: "")
        switch kind {
        case .cumulative, .cumulativeDeduplicated: self = .cumulative(try CumulativeDay(reader))
        case .discrete: self = .discrete(try DiscreteDay(reader))
        case .sleep: self = .sleep(try SleepNight(reader))
        case .categoryDuration: self = .categoryDuration(try CategoryDay(reader))
        case .categoryEvent: self = .categoryEvents(try CategoryDay(reader))
        case .bloodPressure: self = .bloodPressure(try BloodPressureDay(reader))
        }
    }

    /// The number a day stands for in ranges: a total, an average, asleep minutes,
    /// minutes of a timed category, a count of events, or the average systolic pressure.
    public var headlineValue: Double {
        switch self {
        case .cumulative(let day): day.total
        case .discrete(let day): day.avg
        case .sleep(let night): Double(night.asleepMinutes)
        case .categoryDuration(let day): Double(day.minutes)
        case .categoryEvents(let day): Double(day.count)
        case .bloodPressure(let day): day.systolic.avg
        }
    }
}

/// Typed member access that names the failing member.
struct AggregateReader {
    let json: JSONValue
    let prefix: String

    func number(_ key: String) throws -> Double {
        guard let value = json[key]?.doubleValue, value.isFinite else { throw AggregateDecodingError(field: prefix + key) }
        return value
    }

    func integer(_ key: String) throws -> Int64 {
        guard let value = json[key]?.int64Value else { throw AggregateDecodingError(field: prefix + key) }
        return value
    }

    func optionalInteger(_ key: String) throws -> Int64? {
        guard let value = json[key], !value.isNull else { return nil }
        guard let integer = value.int64Value else { throw AggregateDecodingError(field: prefix + key) }
        return integer
    }

    func optionalString(_ key: String) throws -> String? {
        guard let value = json[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw AggregateDecodingError(field: prefix + key) }
        return text
    }

    func optionalNumber(_ key: String) throws -> Double? {
        guard let value = json[key], !value.isNull else { return nil }
        guard let number = value.doubleValue, number.isFinite else { throw AggregateDecodingError(field: prefix + key) }
        return number
    }

    func string(_ key: String) throws -> String {
        guard let value = json[key]?.stringValue else { throw AggregateDecodingError(field: prefix + key) }
        return value
    }

    func strings(_ key: String) throws -> [String] {
        guard let items = json[key]?.arrayValue else { throw AggregateDecodingError(field: prefix + key) }
        return try items.enumerated().map { index, item in
            guard let text = item.stringValue else { throw AggregateDecodingError(field: "\(prefix)\(key)[\(index)]") }
            return text
        }
    }

    func object(_ key: String) throws -> AggregateReader {
        guard let value = json[key], value.objectValue != nil else { throw AggregateDecodingError(field: prefix + key) }
        return AggregateReader(json: value, prefix: "\(prefix)\(key).")
    }

    func counts(_ key: String) throws -> [String: Int] {
        guard let members = json[key]?.objectValue else { throw AggregateDecodingError(field: prefix + key) }
        var out: [String: Int] = [:]
        for (name, value) in members {
            guard let count = value.int64Value else { throw AggregateDecodingError(field: "\(prefix)\(key).\(name)") }
            out[name] = Int(count)
        }
        return out
    }

    func objects(_ key: String) throws -> [AggregateReader] {
        guard let items = json[key]?.arrayValue else { throw AggregateDecodingError(field: prefix + key) }
        return try items.enumerated().map { index, item in
            guard item.objectValue != nil else { throw AggregateDecodingError(field: "\(prefix)\(key)[\(index)]") }
            return AggregateReader(json: item, prefix: "\(prefix)\(key)[\(index)].")
        }
    }
}

extension CumulativeDay {
    init(_ reader: AggregateReader) throws {
        self.init(
            total: try reader.number("total"), sampleCount: Int(try reader.integer("sampleCount")),
            sources: try reader.objects("sources").map {
                SourceContribution(name: try $0.string("name"), total: try $0.number("total"),
                                   counted: try $0.number("counted"), sampleCount: Int(try $0.integer("sampleCount")))
            },
            totalFrom: try reader.optionalString("totalFrom"), samplesTotal: try reader.optionalNumber("samplesTotal"))
    }
}

extension DiscreteDay {
    init(_ reader: AggregateReader) throws {
        self.init(
            avg: try reader.number("avg"), min: try reader.number("min"), max: try reader.number("max"),
            latest: try reader.number("latest"), latestTimeMs: try reader.integer("latestTimeMs"),
            latestSource: try reader.string("latestSource"), sampleCount: Int(try reader.integer("sampleCount")),
            sources: try reader.strings("sources"))
    }
}

extension SleepNight {
    /// Stored nights keep whole minutes; read back, each stage is that many minutes, so
    /// every minute figure (and the asleep invariant) is what was stored.
    init(_ reader: AggregateReader) throws {
        func ms(_ key: String) throws -> Int64 { try reader.integer(key) * 60_000 }
        self.init(
            deepMs: try ms("deepMinutes"), remMs: try ms("remMinutes"), coreMs: try ms("coreMinutes"),
            unspecifiedMs: try ms("unspecifiedMinutes"), awakeMs: try ms("awakeMinutes"), inBedMs: try ms("inBedMinutes"),
            sleepStart: try reader.optionalInteger("sleepStart"), sleepEnd: try reader.optionalInteger("sleepEnd"),
            source: try reader.string("source"), sources: try reader.strings("sources"),
            sampleCount: Int(try reader.integer("sampleCount")))
    }
}

extension CategoryDay {
    init(_ reader: AggregateReader) throws {
        self.init(count: Int(try reader.integer("count")), minutes: Int(try reader.integer("minutes")),
                  values: try reader.counts("values"), sources: try reader.strings("sources"))
    }
}

extension BloodPressureDay {
    init(_ reader: AggregateReader) throws {
        func side(_ key: String) throws -> Side {
            let r = try reader.object(key)
            return Side(avg: try r.number("avg"), min: try r.number("min"), max: try r.number("max"), latest: try r.number("latest"))
        }
        self.init(readings: Int(try reader.integer("readings")), unpaired: Int(try reader.integer("unpaired")),
                  systolic: try side("systolic"), diastolic: try side("diastolic"),
                  latestTimeMs: try reader.integer("latestTimeMs"), sources: try reader.strings("sources"))
    }
}
