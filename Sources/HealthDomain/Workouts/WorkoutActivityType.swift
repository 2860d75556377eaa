/// One HealthKit workout activity type (`HKWorkoutActivityType`): its case name, raw
/// number, a readable name, and how summaries word it. The table of every type is data
/// (``WorkoutActivityType/all``); code never special-cases one activity.
public struct WorkoutActivityType: Sendable, Hashable {
    /// The enum case name as HealthKit spells it, e.g. `running`, `traditionalStrengthTraining`.
    public var name: String
    /// The raw value of the HealthKit enum, e.g. 37 for running.
    public var number: Int
    /// A readable name, e.g. "Running".
    public var displayName: String
    /// The past-tense verb of the daily summary text ("Ran 6.5 km in 45 min"); nil for
    /// activities worded as "did 30 min of yoga".
    public var verb: String?
    /// What one workout of the type is called in totals ("2 runs"); nil words it as
    /// "yoga session".
    public var noun: String?
    /// Other spellings clients send ("Run", "Outdoor Run", "jogging").
    public var aliases: [String]

    /// A table entry.
    public init(_ name: String, _ number: Int, _ displayName: String, verb: String? = nil, noun: String? = nil, aliases: [String] = []) {
        self.name = name
        self.number = number
        self.displayName = displayName
        self.verb = verb
        self.noun = noun
        self.aliases = aliases
    }

    /// "run" / "runs", or "yoga session" / "yoga sessions".
    public func countNoun(_ count: Int) -> String {
        let singular = noun ?? "\(displayName.lowercased()) session"
        return count == 1 ? singular : singular + "s"
    }

    /// The activity as the object of "did 30 min of …": "yoga", "functional strength training".
    public var activityPhrase: String { displayName.lowercased() }

    /// The type for a name, alias, HealthKit identifier (`HKWorkoutActivityTypeRunning`)
    /// or raw number written as digits; case, spaces, `_` and `-` do not matter.
    public static func resolve(_ text: String) -> WorkoutActivityType? {
        let key = normalized(text)
        if let number = Int(key) { return resolve(number: number) }
        return byName[key]
    }

    /// The type with HealthKit raw value `number`.
    public static func resolve(number: Int) -> WorkoutActivityType? { byNumber[number] }

    /// The lookup key of a spelling: lowercased, without separators and without the
    /// HealthKit identifier prefix.
    static func normalized(_ text: String) -> String {
        var key = String(text.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" })
        let prefix = "hkworkoutactivitytype"
        if key.hasPrefix(prefix), key.count > prefix.count { key = String(key.dropFirst(prefix.count)) }
        return key
    }

    static let byNumber: [Int: WorkoutActivityType] = Dictionary(all.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })

    static let byName: [String: WorkoutActivityType] = {
        var table: [String: WorkoutActivityType] = [:]
        // Case names and readable names first, so an alias never shadows a real name.
        for type in all {
            table[normalized(type.name)] = type
            if table[normalized(type.displayName)] == nil { table[normalized(type.displayName)] = type }
        }
        for type in all {
            for alias in type.aliases where table[normalized(alias)] == nil { table[normalized(alias)] = type }
        }
        return table
    }()
}
