#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HealthAPI
import HealthStore
import SQLiteStore

/// `healthd backup --to PATH`: a consistent copy of the live database while the server
/// keeps serving, through SQLite's online backup API in small steps.
enum BackupCommand {
    static let help = """
    Usage: healthd backup --to PATH [--person NAME] [--db PATH] [--pages-per-step N]

    Copies the database to PATH while the server keeps running: one consistent snapshot
    (what was committed when the backup started), copied N pages (default 256, 1 MiB)
    at a time with a pause between steps so ingest is not held up, written beside PATH
    and renamed into place when complete, then checked with PRAGMA integrity_check.
    The copy is a single SQLite file; healthd restore --from PATH brings it back.
    Every person is backed up unless --person names one; with several people each copy
    goes to PATH with the person's name before the extension (backup.NAME.sqlite).
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        do {
            let split = try CommandFlags(arguments, values: ["--to", "--pages-per-step", "--person"], switches: [])
            guard let destination = split.values["--to"] else { throw ServeOptions.UsageError("name the backup file with --to PATH") }
            let pages = try split.values["--pages-per-step"].map { text -> Int32 in
                guard let value = Int32(text), value > 0 else { throw ServeOptions.UsageError("--pages-per-step takes a positive number, not '\(text)'") }
                return value
            } ?? 256
            let config = try ServeOptions.parse(split.rest, environment: environment)
            guard FileManager.default.fileExists(atPath: config.databasePath) else {
                CommandLineTool.printError("healthd backup: there is no database at \(config.databasePath)")
                return 1
            }
            let server = try PeopleFiles.server(config)
            defer { server.close() }
            let people = try PeopleFiles.selected(split.values["--person"], in: server)
            for person in people {
                let source = server.path(of: person)
                guard FileManager.default.fileExists(atPath: source) else {
                    print("\(person.name) has no data yet; nothing to back up")
                    continue
                }
                let target = PeopleFiles.target(destination, for: person, several: people.count > 1)
                let report = try OnlineBackup.copy(from: source, to: target, pagesPerStep: pages)
                let integrity = try OnlineBackup.integrityCheck(path: target)
                guard integrity == ["ok"] else {
                    CommandLineTool.printError("healthd backup: the copy at \(target) fails its integrity check: \(integrity.prefix(5).joined(separator: "; "))")
                    return 1
                }
                let megabytes = Double(report.bytes) / 1_048_576
                print(String(format: "backed up %@ to %@: %.1f MB (%d pages) in %.2f s, %d steps; integrity ok",
                             source, target, megabytes, report.pages, report.seconds, report.steps))
            }
            return 0
        } catch let error as ServeOptions.UsageError {
            CommandLineTool.printError("healthd backup: \(error)\n\n\(help)")
            return 2
        } catch {
            CommandLineTool.printError("healthd backup: \(error)")
            return 1
        }
    }
}
