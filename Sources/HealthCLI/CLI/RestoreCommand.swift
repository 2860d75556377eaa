import Foundation
import HealthAPI
import SQLiteStore
import HealthStore

/// `healthd restore --from PATH`: puts a backup back as the database.
enum RestoreCommand {
    static let help = """
    Usage: healthd restore --from PATH [--db PATH] [--force]

    Replaces the database with the backup at PATH (made by healthd backup). The backup
    must pass PRAGMA integrity_check and be a healthd database. An existing database
    with data is only replaced with --force. Stop the server first: it keeps settings
    read at start. The copy goes through SQLite's backup API into the database file, so
    its WAL stays coherent, and the restored file is migrated to this version's schema.
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        do {
            let split = try CommandFlags(arguments, values: ["--from"], switches: ["--force"])
            guard let source = split.values["--from"] else { throw ServeOptions.UsageError("name the backup to restore with --from PATH") }
            let config = try ServeOptions.parse(split.rest, environment: environment)
            guard FileManager.default.fileExists(atPath: source) else {
                CommandLineTool.printError("healthd restore: there is no backup at \(source)")
                return 1
            }
            let integrity = try OnlineBackup.integrityCheck(path: source)
            guard integrity == ["ok"] else {
                CommandLineTool.printError("healthd restore: \(source) fails its integrity check (\(integrity.prefix(3).joined(separator: "; "))); nothing was changed")
                return 1
            }
            guard try OnlineBackup.hasTable(path: source, "samples") else {
                CommandLineTool.printError("healthd restore: \(source) is not a healthd database (it has no samples table); nothing was changed")
                return 1
            }
            let target = config.databasePath
            if FileManager.default.fileExists(atPath: target), !split.switches.contains("--force"),
               try OnlineBackup.hasTable(path: target, "samples") {
                CommandLineTool.printError("healthd restore: \(target) already holds a database; pass --force to replace it (stop the server first)")
                return 1
            }
            let report = try OnlineBackup.restore(from: source, into: target)
            // A backup from an older release gets this release's migrations and aggregates.
            let opened = try StoreOpener.open(path: target, priority: config.priority, nowMs: AppClock.system.now())
            opened.store.pool.close()
            print(String(format: "restored %@ from %@: %.1f MB in %.2f s", target, source, Double(report.bytes) / 1_048_576, report.seconds))
            return 0
        } catch let error as ServeOptions.UsageError {
            CommandLineTool.printError("healthd restore: \(error)\n\n\(help)")
            return 2
        } catch {
            CommandLineTool.printError("healthd restore: \(error)")
            return 1
        }
    }
}
