import HealthAPI
import HealthDomain
import HealthStore

/// `healthd migrate`: brings a database to this release's schema without serving it —
/// what `serve` does on its first open of a database from an earlier release, offline.
enum MigrateCommand {
    static let help = """
    Usage: healthd migrate [--db PATH] [--rows-per-step N] [--source-priority LIST]

    Converts the database to this release's schema and storage layout in place, as the
    server does when it first opens a database of an earlier release, printing its
    progress on standard error, then compacts the file. The conversion commits every
    step: stopped or killed, it carries on from the last step on the next run (or the
    next open by the server). Run it with the server stopped.

    Options:
      --db PATH                 SQLite database file (default ./data/health.sqlite)   [HEALTHD_DB]
      --rows-per-step N         samples moved per transaction (default 50000)
      --source-priority LIST    as for serve                                          [HEALTHD_SOURCE_PRIORITY]
      -h, --help                this help
    """

    struct Options: Equatable {
        var databasePath = "./data/health.sqlite"
        var rowsPerStep = StoreOpener.ConversionOptions.defaultRowsPerStep
        var sourcePriority: String?
    }

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        let options: Options
        do {
            options = try parse(arguments, environment: environment)
        } catch {
            CommandLineTool.printError("healthd migrate: \(error)")
            return 2
        }
        do {
            let priority = options.sourcePriority.map { SourcePriority(parsing: $0) } ?? .default
            let conversion = StoreOpener.ConversionOptions(rowsPerStep: options.rowsPerStep, reportEverySeconds: 0) { line in
                CommandLineTool.printError("healthd migrate: " + line)
            }
            let opened = try StoreOpener.open(path: options.databasePath, priority: priority, nowMs: AppClock.system.now(), conversion: conversion)
            let samples = try opened.store.sampleCount()
            opened.store.close()
            print("migrate: \(options.databasePath) is at schema version \(HealthSchema.migrator.versions.last ?? 0) with \(samples) samples"
                  + (opened.conversion == nil ? "; nothing to convert" : ""))
            return 0
        } catch {
            CommandLineTool.printError("healthd migrate: \(error)")
            return 1
        }
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws -> Options {
        var options = Options()
        if let v = environment["HEALTHD_DB"], !v.isEmpty { options.databasePath = v }
        if let v = environment["HEALTHD_SOURCE_PRIORITY"], !v.isEmpty { options.sourcePriority = v }
        var reader = ArgumentReader(arguments)
        while let argument = reader.nextFlag() {
            switch argument {
            case "--db": options.databasePath = try reader.value()
            case "--rows-per-step":
                let text = try reader.value()
                guard let rows = Int(text), (1...1_000_000).contains(rows) else {
                    throw ServeOptions.UsageError("--rows-per-step must be an integer 1–1000000 (got '\(text)')")
                }
                options.rowsPerStep = rows
            case "--source-priority": options.sourcePriority = try reader.value()
            default: throw ServeOptions.UsageError("unknown option '\(argument)' (see healthd migrate --help)")
            }
        }
        if options.databasePath.isEmpty { throw ServeOptions.UsageError("--db must not be empty") }
        return options
    }
}
