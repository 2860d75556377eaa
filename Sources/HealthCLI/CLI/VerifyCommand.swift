import Foundation
import HealthAPI
import HealthStore

/// `healthd verify`: the database's health for monitoring, as a report and an exit code.
enum VerifyCommand {
    static let help = """
    Usage: healthd verify [--person NAME] [--db PATH] [--source-priority LIST]

    Checks the database: PRAGMA integrity_check and foreign_key_check, then every day
    aggregate against a rebuild from the raw samples (computed in a transaction that is
    rolled back, so nothing changes; writes wait while it runs). Prints what it found.
    Exit status: 0 consistent, 1 something is inconsistent (listed), 2 usage or the
    database cannot be opened. Every person's file is checked unless --person names one.
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        let config: ServerConfig
        let personName: String?
        do {
            let split = try CommandFlags(arguments, values: ["--person"], switches: [])
            personName = split.values["--person"]
            config = try ServeOptions.parse(split.rest, environment: environment)
        } catch {
            CommandLineTool.printError("healthd verify: \(error)\n\n\(help)")
            return 2
        }
        do {
            let server = try PeopleFiles.server(config)
            defer { server.close() }
            let people = try PeopleFiles.selected(personName, in: server)
            var consistent = true
            for person in people {
                let path = server.path(of: person)
                if people.count > 1 { print("\(person.name) (\(path)):") }
                guard FileManager.default.fileExists(atPath: path) else {
                    print("no data yet")
                    continue
                }
                let opened = try StoreOpener.open(path: path, priority: config.applying(person).priority, nowMs: AppClock.system.now())
                defer { opened.store.close() }
                let report = try StoreVerifier.verify(pool: opened.store.pool, rules: opened.store.rules, nowMs: AppClock.system.now())
                print("integrity: \(report.integrity.prefix(10).joined(separator: "; "))")
                print("foreign keys: \(report.foreignKeyProblems == 0 ? "ok" : "\(report.foreignKeyProblems) problems")")
                print("aggregates: \(report.aggregates) stored for \(report.samples) samples; \(report.mismatches.isEmpty ? "all equal a rebuild" : "\(report.mismatches.count) differ from a rebuild")")
                for mismatch in report.mismatches.prefix(20) { print("  \(mismatch)") }
                print(report.isConsistent ? "consistent" : "INCONSISTENT")
                consistent = consistent && report.isConsistent
            }
            return consistent ? 0 : 1
        } catch {
            CommandLineTool.printError("healthd verify: \(config.databasePath): \(error)")
            return 2
        }
    }
}
