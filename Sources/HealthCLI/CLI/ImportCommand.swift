#if canImport(Glibc)
import Glibc
#endif
import HealthAPI
import HealthDomain
import HealthFormats
import HealthStore

/// `healthd import PATH`: imports an Apple Health export, or a directory written by
/// `healthd export`, into the configured database.
enum ImportCommand {
    static let help = """
    Usage: healthd import PATH [--person NAME] [--db PATH] [--source-priority LIST]

    PATH is an Apple Health export (below) or a directory written by healthd export
    (it holds manifest.json): its rows are written back as exported and every day
    aggregate is rebuilt.

    Imports an Apple Health export ("Export All Health Data" in the Health app):
    export.zip as the phone shares it, or the export.xml inside it (a bare XML file has
    no workout routes). Records, correlations, workouts with their routes, activity
    summaries and the Me characteristics are stored; a second import of the same file
    changes nothing, and an import cut off at any point is completed by running it
    again. The server may keep running. --person names whose data it is (default the
    first person, the --db file). Options and environment variables as for serve.

    On a terminal a progress bar shows bytes and records done, records/s and the time
    left; otherwise one line per stage goes to standard error. A table of what was
    stored ends the import on standard output.
    """

    static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        guard let path = arguments.first, !path.hasPrefix("-") else {
            CommandLineTool.printError("healthd import: name the export to import (healthd import export.zip)\n\n\(help)")
            return 2
        }
        do {
            let split = try CommandFlags(Array(arguments.dropFirst()), values: ["--person"], switches: [])
            let config = try ServeOptions.parse(split.rest, environment: environment)
            var databasePath = config.databasePath
            var priority = config.priority
            if let name = split.values["--person"] {
                let server = try PeopleFiles.server(config)
                defer { server.close() }
                let person = try PeopleFiles.selected(name, in: server)[0]
                databasePath = server.path(of: person)
                priority = config.applying(person).priority
            }
            let opened = try StoreOpener.open(path: databasePath, priority: priority, nowMs: AppClock.system.now(),
                                              configuration: SampleStore.importConfiguration)
            defer { opened.store.close() }
            if JSONLinesExport.isExport(path: path) {
                let report = try JSONLinesImport.run(directory: path, store: opened.store, nowMs: AppClock.system.now())
                let counts = JSONLinesExport.tables.map { "\($0) \(report.rows[$0] ?? 0)" }.joined(separator: ", ")
                print("imported the healthd export \(path) in \(String(format: "%.2f", report.seconds)) s: \(counts); \(report.aggregates) day aggregates rebuilt")
                return 0
            }
            let bar = ProgressBar(terminal: isatty(2) == 1)
            let report = try await AppleHealthImporter.importOnThread(path: path, store: opened.store, now: { AppClock.system.now() }) { progress in
                bar.show(progress)
            }
            bar.finish()
            print(report.table)
            return 0
        } catch let error as ServeOptions.UsageError {
            CommandLineTool.printError("healthd import: \(error)")
            return 2
        } catch {
            CommandLineTool.printError("healthd import: \(error)")
            return 1
        }
    }
}
