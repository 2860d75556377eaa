import Foundation
import HealthAPI
import HealthDomain
import HealthStore

/// `healthd rebuild`: recomputes every day aggregate from the raw samples.
enum RebuildCommand {
    static let help = """
    Usage: healthd rebuild [--person NAME] [--db PATH] [--source-priority LIST]

    Recomputes every day aggregate from the raw samples (the server may keep running;
    the rebuild is one transaction), for every person unless --person names one.
    Options and environment variables as for serve.
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        do {
            let split = try CommandFlags(arguments, values: ["--person"], switches: [])
            let config = try ServeOptions.parse(split.rest, environment: environment)
            let server = try PeopleFiles.server(config)
            defer { server.close() }
            for person in try PeopleFiles.selected(split.values["--person"], in: server) {
                let path = server.path(of: person)
                // Someone who never sent anything has no file, and nothing to rebuild.
                guard person.id == (try server.firstPerson().id) || FileManager.default.fileExists(atPath: path) else { continue }
                let opened = try StoreOpener.open(path: path, priority: config.applying(person).priority, nowMs: AppClock.system.now())
                defer { opened.store.close() }
                let written = try opened.store.rebuildAggregates(nowMs: AppClock.system.now())
                print("rebuilt \(written) day aggregates in \(path)")
            }
            return 0
        } catch let error as ServeOptions.UsageError {
            CommandLineTool.printError("healthd rebuild: \(error)")
            return 2
        } catch {
            CommandLineTool.printError("healthd rebuild: \(error)")
            return 1
        }
    }
}
