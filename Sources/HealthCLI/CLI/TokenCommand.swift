import HealthAPI
import HealthDomain
import HealthStore

/// `healthd token create|list|revoke`: named tokens with scopes, each belonging to one
/// person, kept in the server database the server reads, so a change takes effect on the
/// server's next request.
enum TokenCommand {
    static let help = """
    Usage: healthd token create --name NAME --scope LIST [--person NAME] [--db PATH]
           healthd token list [--db PATH]
           healthd token revoke NAME [--db PATH]

    Scoped tokens for clients, stored in the server database beside --db as a SHA-256
    hash only. Each token belongs to one person (default: the first) and reaches only
    that person's data; an admin token may name another person in X-Healthd-Person.
    `create` prints the token once; keep it, it cannot be shown again. The server (even
    while running) accepts a new token and refuses a revoked one from the next request on.

    Scopes (comma-separated):
      read      summaries, queries, daily and raw reads, workouts, types, listing write intents
      intents   creating and cancelling write intents
      ingest    every ingest adapter, deletions, the phone's pending pull and ack
      metrics   GET /metrics (for a Prometheus scraper; counts and times, no health value)
      admin     everything
    Typical: an agent gets read,intents; the phone ingest; a viewer read. The configured
    token (PRIVATE_API_BEARER_TOKEN, --token-file, healthd.token) is an admin token.

    Options:
      --db PATH      SQLite database file (default ./data/health.sqlite)        [HEALTHD_DB]
      --name NAME    1–64 letters, digits, '.', '_' or '-' (unique on the server)
      --person NAME  whose data the token reaches (healthd person list); default the first
      --scope LIST   for example read,intents
    """

    struct Options: Equatable {
        var action = ""
        var databasePath = "./data/health.sqlite"
        var name: String?
        var person: String?
        var scopes: Set<Scope> = []
    }

    static func run(_ arguments: [String], environment: [String: String], nowMs: Int64 = AppClock.system.now()) -> Int32 {
        if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return arguments.isEmpty ? 2 : 0
        }
        let options: Options
        do {
            options = try parse(arguments, environment: environment)
        } catch {
            CommandLineTool.printError("healthd token: \(error)")
            return 2
        }
        do {
            let server = try ServerDatabase.open(databasePath: options.databasePath, nowMs: nowMs)
            defer { server.close() }
            let tokens = server.tokens
            switch options.action {
            case "create":
                let person = try options.person.map { name in
                    guard let person = try server.personSync(named: name) else { throw ServerDatabase.Failure.unknownPerson(name) }
                    return person
                } ?? server.firstPerson()
                let token = try tokens.create(name: options.name ?? "", personID: person.id, scopes: options.scopes, nowMs: nowMs)
                // The token goes to standard output alone, so `$(healthd token create …)` captures it.
                print(token)
                CommandLineTool.printError("created token '\(options.name ?? "")' for \(person.name) with scopes \(Scope.listText(options.scopes)); it is shown only this once")
            case "list":
                let records = try tokens.list()
                if records.isEmpty { print("no tokens (the configured server token is always admin)") }
                for record in records {
                    print("\(record.name)\t\(record.personName)\t\(Scope.listText(record.scopes))\tcreated \(isoDate(record.createdMs))")
                }
            default:
                try tokens.revoke(name: options.name ?? "")
                print("revoked token '\(options.name ?? "")'")
            }
            return 0
        } catch let error as TokenStore.Failure {
            CommandLineTool.printError("healthd token \(options.action): \(error)")
            return 1
        } catch {
            CommandLineTool.printError("healthd token \(options.action): \(error)")
            return 1
        }
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws -> Options {
        var options = Options()
        if let v = environment["HEALTHD_DB"], !v.isEmpty { options.databasePath = v }
        var rest = arguments
        options.action = rest.removeFirst()
        guard ["create", "list", "revoke"].contains(options.action) else {
            throw ServeOptions.UsageError("unknown action '\(options.action)'; use create, list or revoke")
        }
        if options.action == "revoke", let first = rest.first, !first.hasPrefix("-") {
            options.name = first
            rest.removeFirst()
        }
        var reader = ArgumentReader(rest)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--db": options.databasePath = try reader.value()
            case "--name": options.name = try reader.value()
            case "--person": options.person = try reader.value()
            case "--scope", "--scopes":
                do { options.scopes = try Scope.parseList(try reader.value()) } catch let error as ScopeListError {
                    throw ServeOptions.UsageError(error.description)
                }
            default: throw ServeOptions.UsageError("unknown option '\(flag)' for token \(options.action)")
            }
        }
        if options.databasePath.isEmpty { throw ServeOptions.UsageError("--db must not be empty") }
        switch options.action {
        case "create":
            guard options.name != nil else { throw ServeOptions.UsageError("token create needs --name NAME") }
            guard !options.scopes.isEmpty else { throw ServeOptions.UsageError("token create needs --scope LIST, e.g. read,intents") }
        case "revoke":
            guard options.person == nil else { throw ServeOptions.UsageError("token revoke takes the token's NAME and --db only") }
            guard options.name != nil else { throw ServeOptions.UsageError("token revoke needs the token's NAME") }
        default:
            guard options.name == nil, options.person == nil, options.scopes.isEmpty else { throw ServeOptions.UsageError("token list takes only --db") }
        }
        return options
    }

    /// `2026-04-10` for a Unix time in milliseconds (UTC).
    static func isoDate(_ ms: Int64) -> String {
        // Tokens are created after 1970: plain division is the floor here.
        DayKey(ordinal: Int(max(0, ms) / 86_400_000)).description
    }
}
