import HealthAPI
import HealthDomain
import HealthStore

/// `healthd rebuild`: recomputes every day aggregate from the raw samples.
enum RebuildCommand {
    static let help = """
    Usage: healthd rebuild [--db PATH] [--source-priority LIST]

    Recomputes every day aggregate from the raw samples (the server may keep running;
    the rebuild is one transaction). Options and environment variables as for serve.
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        do {
            let config = try ServeOptions.parse(arguments, environment: environment)
            let opened = try StoreOpener.open(path: config.databasePath, priority: config.priority, nowMs: AppClock.system.now())
            defer { opened.store.close() }
            let written = try opened.store.rebuildAggregates(nowMs: AppClock.system.now())
            print("rebuilt \(written) day aggregates in \(config.databasePath)")
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
