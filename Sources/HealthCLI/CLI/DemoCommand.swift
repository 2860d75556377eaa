import HealthAPI
import HealthDemo
import HealthDomain
import HealthStore

/// `healthd demo`: fills a database with a generated, realistic multi-year history, so the
/// API, its speed and an agent's answers can be tried without a phone.
enum DemoCommand {
    static let help = """
    Usage: healthd demo --db PATH [--days N] [--seed N] [--source-priority LIST] [--force]

    Generates a deterministic demo history (Apple Watch and iPhone steps and energy, meals,
    heart rate, HRV, weight, body fat, sleep stages, a trip to Tokyo) ending yesterday and
    ingests it into the database exactly as the HTTP ingest would.

    Options:
      --db PATH                 SQLite database file (created when missing)
      --days N                  days of history, 1–36500 (default 730)
      --seed N                  seed of the generator; the same seed gives the same data (default 1)
      --source-priority LIST    as for serve                                   [HEALTHD_SOURCE_PRIORITY]
      --force                   add to a database that already holds samples
      -h, --help                this help
    """

    /// Samples per ingest transaction: large enough to amortise the commit, small enough
    /// that memory stays flat however long the history is.
    static let batchSize = 5_000
    /// Days between progress lines.
    static let progressEveryDays = 100

    struct Options: Equatable {
        var databasePath = ""
        var days = 730
        var seed: UInt64 = 1
        var sourcePriority: String?
        var force = false
    }

    static func run(_ arguments: [String], environment: [String: String], clock: AppClock = .system) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        let options: Options
        do {
            options = try parse(arguments, environment: environment)
        } catch {
            CommandLineTool.printError("healthd demo: \(error)")
            return 2
        }
        do {
            return try generate(options, clock: clock)
        } catch {
            CommandLineTool.printError("healthd demo: \(error)")
            return 1
        }
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws -> Options {
        var options = Options()
        if let v = environment["HEALTHD_SOURCE_PRIORITY"], !v.isEmpty { options.sourcePriority = v }
        var reader = ArgumentReader(arguments)
        while let argument = reader.nextFlag() {
            func next() throws -> String { try reader.value() }
            switch argument {
            case "--db": options.databasePath = try next()
            case "--days":
                let text = try next()
                guard let days = Int(text), (1...36_500).contains(days) else {
                    throw ServeOptions.UsageError("--days must be an integer 1–36500 (got '\(text)')")
                }
                options.days = days
            case "--seed":
                let text = try next()
                guard let seed = UInt64(text) else {
                    throw ServeOptions.UsageError("--seed must be a non-negative integer (got '\(text)')")
                }
                options.seed = seed
            case "--source-priority": options.sourcePriority = try next()
            case "--force": options.force = true
            default: throw ServeOptions.UsageError("unknown option '\(argument)' (see healthd demo --help)")
            }
        }
        // No default path: filling the server's real database by accident must not be one typo away.
        if options.databasePath.isEmpty { throw ServeOptions.UsageError("--db PATH is required") }
        return options
    }

    private static func generate(_ options: Options, clock: AppClock) throws -> Int32 {
        let priority = options.sourcePriority.map { SourcePriority(parsing: $0) } ?? .default
        let now = clock.now()
        let opened = try StoreOpener.open(path: options.databasePath, priority: priority, nowMs: now)
        let store = opened.store
        defer { store.close() }

        let hasSamples = try store.hasSamples()
        if hasSamples && !options.force {
            CommandLineTool.printError(
                "healthd demo: \(options.databasePath) already holds samples; refusing to mix demo data into it (use --force to add it anyway)")
            return 2
        }

        // Yesterday by the UTC clock: the last complete day wherever the user is.
        let today = DayKey(ordinal: Int(now / 86_400_000))  // the clock is after 1970
        let history = DemoHistory(days: options.days, endDay: today.adding(days: -1), seed: options.seed)
        let started = AppClock.monotonicNanoseconds()
        func elapsed() -> Double { Double(AppClock.monotonicNanoseconds() - started) / 1e9 }

        var batch: [Sample] = []
        batch.reserveCapacity(batchSize + 1_500)
        var total = 0
        func flush() throws {
            guard !batch.isEmpty else { return }
            let samples = batch
            try store.fill(samples, nowMs: now)
            total += samples.count
            batch.removeAll(keepingCapacity: true)
        }
        for index in 0..<history.dayCount {
            // Whole days per batch, so a day's aggregates are mostly computed once.
            batch.append(contentsOf: history.samples(forDayIndex: index))
            if batch.count >= batchSize { try flush() }
            let done = index + 1
            if done % progressEveryDays == 0 && done < history.dayCount {
                try flush()
                CommandLineTool.printError(
                    "healthd demo: \(done)/\(history.dayCount) days, \(total) samples, \(format(elapsed())) s")
            }
        }
        try flush()

        let seconds = elapsed()
        let rate = seconds > 0 ? Double(total) / seconds : 0
        print("demo: \(total) samples over \(history.dayCount) days (\(history.firstDay)…\(history.endDay)) in \(format(seconds)) s, \(Int(rate.rounded())) samples/s, into \(options.databasePath)")
        return 0
    }

    private static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
