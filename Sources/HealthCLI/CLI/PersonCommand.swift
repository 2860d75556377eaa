import Foundation
import HealthAPI
import HealthStore

/// `healthd person add|list|set|remove`: the people of a household, each with their own
/// database file, tokens and settings.
enum PersonCommand {
    static let help = """
    Usage: healthd person add NAME [--timezone ZONE] [--source-priority LIST] [--db PATH]
           healthd person list [--db PATH]
           healthd person set NAME [--name NEW] [--timezone ZONE] [--source-priority LIST] [--db PATH]
           healthd person remove NAME [--force] [--db PATH]

    The people one server keeps data for. Each has an id (a UUID: the xuser_id of their
    observation batches), their own SQLite file (people/<id>.sqlite beside --db, made on
    first use), their own tokens (healthd token create --person NAME) and, optionally,
    their own default time zone and source priority (else the server's). The database
    --db names is the first person ("me" until renamed with set --name). A change to a
    running server's person applies once their file is next opened (after ten idle
    minutes, or a restart); adding and removing apply at once.

    remove deletes the person's file and tokens; without --force it only says what
    would be deleted. The first person cannot be removed.

    Options:
      --db PATH               SQLite database file (default ./data/health.sqlite)  [HEALTHD_DB]
      --timezone ZONE         IANA time zone; "" goes back to the server's
      --source-priority LIST  source name fragments, best first; "" goes back to the server's
    """

    static func run(_ arguments: [String], environment: [String: String], nowMs: Int64 = AppClock.system.now()) -> Int32 {
        if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return arguments.isEmpty ? 2 : 0
        }
        var rest = arguments
        let action = rest.removeFirst()
        guard ["add", "list", "set", "remove"].contains(action) else {
            CommandLineTool.printError("healthd person: unknown action '\(action)'; use add, list, set or remove")
            return 2
        }
        var name: String?
        if action != "list", let first = rest.first, !first.hasPrefix("-") {
            name = first
            rest.removeFirst()
        }
        do {
            let split = try CommandFlags(rest, values: ["--timezone", "--source-priority", "--name"], switches: ["--force"])
            guard split.rest.allSatisfy({ $0.hasPrefix("--db=") }) else {
                throw ServeOptions.UsageError("unknown option '\(split.rest.first { !$0.hasPrefix("--db=") } ?? "")' for person \(action)")
            }
            if action != "list", name == nil { throw ServeOptions.UsageError("person \(action) needs the person's NAME") }
            if action != "set", split.values["--name"] != nil { throw ServeOptions.UsageError("--name is for person set") }
            if action == "list" || action == "remove", split.values["--timezone"] != nil || split.values["--source-priority"] != nil {
                throw ServeOptions.UsageError("person \(action) takes no settings")
            }
            if action != "remove", split.switches.contains("--force") { throw ServeOptions.UsageError("--force is for person remove") }
            var databasePath = environment["HEALTHD_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "./data/health.sqlite"
            if let db = split.rest.last { databasePath = String(db.dropFirst("--db=".count)) }
            let server = try ServerDatabase.open(databasePath: databasePath, nowMs: nowMs)
            defer { server.close() }
            switch action {
            case "add":
                let person = try server.add(name: name ?? "", nowMs: nowMs, timezone: split.values["--timezone"].flatMap { $0.isEmpty ? nil : $0 },
                                            sourcePriority: split.values["--source-priority"].flatMap { $0.isEmpty ? nil : $0 })
                print("added \(person.name) (id \(person.id)); their data goes to \(server.path(of: person))")
                CommandLineTool.printError("give them a token: healthd token create --person \(person.name) --name \(person.name)-phone --scope ingest")
            case "list":
                let tokens = try server.tokens.list()
                for person in try server.people() {
                    let count = tokens.filter { $0.personID == person.id }.count
                    let settings = [person.timezone.map { "timezone \($0)" }, person.sourcePriority.map { "source priority \($0)" }].compactMap { $0 }
                    print("\(person.name)\t\(person.id)\t\(server.path(of: person))\t\(count) token\(count == 1 ? "" : "s")"
                          + (settings.isEmpty ? "" : "\t" + settings.joined(separator: ", ")))
                }
            case "set":
                let person = try server.update(name: name ?? "", newName: split.values["--name"], timezone: split.values["--timezone"],
                                               sourcePriority: split.values["--source-priority"])
                print("\(person.name): timezone \(person.timezone ?? "the server's"), source priority \(person.sourcePriority ?? "the server's")")
            default:
                guard let person = try server.personSync(named: name ?? "") else { throw ServerDatabase.Failure.unknownPerson(name ?? "") }
                let path = server.path(of: person)
                let files = [path, path + "-wal", path + "-shm"].filter { FileManager.default.fileExists(atPath: $0) }
                let tokens = try server.tokens.list().filter { $0.personID == person.id }.map(\.name)
                let bytes = files.reduce(Int64(0)) { sum, file in
                    sum + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int64) ?? 0)
                }
                let what = "\(person.name)'s data (\(files.isEmpty ? "no file yet" : files.joined(separator: ", ") + String(format: ", %.1f MB", Double(bytes) / 1_048_576)))"
                    + " and \(tokens.count) token\(tokens.count == 1 ? "" : "s")\(tokens.isEmpty ? "" : " (" + tokens.joined(separator: ", ") + ")")"
                guard split.switches.contains("--force") else {
                    CommandLineTool.printError("healthd person remove: this deletes \(what); run it again with --force to do so")
                    return 1
                }
                try server.remove(name: person.name)
                for file in files { try? FileManager.default.removeItem(atPath: file) }
                print("removed \(what)")
            }
            return 0
        } catch let error as ServeOptions.UsageError {
            CommandLineTool.printError("healthd person: \(error)\n\n\(help)")
            return 2
        } catch {
            CommandLineTool.printError("healthd person \(action): \(error)")
            return 1
        }
    }
}
