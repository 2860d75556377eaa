import HealthAPI
import HealthStore

/// `healthd export --to DIR`: everything as JSON Lines, read back by `healthd import DIR`.
enum ExportCommand {
    static let help = """
    Usage: healthd export --to DIR [--person NAME] [--db PATH]

    Writes every sample, day total, workout, activity ring, write intent (with its
    history), HealthSave batch receipt, sync client and setting (the source priority
    included) as JSON Lines into DIR: manifest.json and one <table>.jsonl per table, one
    row per line; binary values (a HealthSave receipt's stored answer) are written as
    {"$base64": "..."} and the manifest names the columns that hold them (the README
    describes the layout). Day aggregates are derived and rebuilt by the import; tokens
    are not exported. The server may keep running: the export is one consistent
    snapshot. DIR must be new, empty, or an earlier export, which is replaced. The files
    are written into DIR.partial-<random> and renamed to DIR when complete; an export
    that fails removes them and leaves DIR as it was. healthd import DIR reads it back.
    With several people and no --person, each person's export goes to DIR-NAME.
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        do {
            let split = try CommandFlags(arguments, values: ["--to", "--person"], switches: [])
            guard let target = split.values["--to"] else { throw ServeOptions.UsageError("name the directory to write with --to DIR") }
            let config = try ServeOptions.parse(split.rest, environment: environment)
            let server = try PeopleFiles.server(config)
            defer { server.close() }
            let people = try PeopleFiles.selected(split.values["--person"], in: server)
            for person in people {
                let path = server.path(of: person)
                let directory = PeopleFiles.target(target, for: person, several: people.count > 1)
                let opened = try StoreOpener.open(path: path, priority: config.applying(person).priority, nowMs: AppClock.system.now())
                defer { opened.store.close() }
                let report = try JSONLinesExport.write(pool: opened.store.pool, to: directory, nowMs: AppClock.system.now())
                let counts = JSONLinesExport.tables.map { "\($0) \(report.rows[$0] ?? 0)" }.joined(separator: ", ")
                print("exported \(people.count > 1 ? person.name + " (" + path + ")" : path) to \(directory) in \(String(format: "%.2f", report.seconds)) s: \(counts)")
            }
            return 0
        } catch let error as ServeOptions.UsageError {
            CommandLineTool.printError("healthd export: \(error)\n\n\(help)")
            return 2
        } catch {
            CommandLineTool.printError("healthd export: \(error)")
            return 1
        }
    }
}
