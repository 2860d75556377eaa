import HealthAPI
import HealthService
import HealthStore

/// `healthd webhook add|list|remove`: webhook subscriptions, kept in the database the
/// server reads, so a change takes effect with the server's next change, no restart.
enum WebhookCommand {
    static let help = """
    Usage: healthd webhook add URL [--events LIST] [--include values] [--db PATH]
           healthd webhook list [--db PATH]
           healthd webhook remove ID [--db PATH]

    Deliveries of the changes feed (GET /health/changes) to an http:// or https:// URL,
    signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature:
    v1,<base64 HMAC-SHA256 of id.timestamp.body>), in order per webhook, retried with
    backoff and jitter for 24 h, kept across restarts. `add` prints the signing secret
    (whsec_…) once on standard output; `list` never shows it.

    Events (comma-separated, default all):
      day.changed      a day's aggregates changed        day.settled    a day stopped changing
      night.settled    last night's sleep settled        readiness.ready  the morning's readiness is scored
      workout.changed  a workout added or changed        source.silent  a daily source sent nothing for 24 h
      intent.status    a write intent changed status     source.back    a silent source sent again
      intent.dead      a write intent was given up

    Options:
      --db PATH          SQLite database file (default ./data/health.sqlite)        [HEALTHD_DB]
      --events LIST      for example day.settled,night.settled,intent.dead
      --include values   deliveries carry the health values (left out by default)
    """

    struct Options: Equatable {
        var action = ""
        var databasePath = "./data/health.sqlite"
        var target: String?
        var events: [String]?
        var includeValues = false
    }

    /// Runs the command; `out` gets standard output's lines, `err` standard error's.
    static func run(_ arguments: [String], environment: [String: String], nowMs: Int64 = AppClock.system.now(),
                    out: (String) -> Void = { print($0) }, err: (String) -> Void = CommandLineTool.printError) -> Int32 {
        if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
            out(help)
            return arguments.isEmpty ? 2 : 0
        }
        let options: Options
        do {
            options = try parse(arguments, environment: environment)
        } catch {
            err("healthd webhook: \(error)")
            return 2
        }
        do {
            let store = try WebhookStore.open(path: options.databasePath)
            defer { store.close() }
            let registry = WebhookRegistry(store: store)
            switch options.action {
            case "add":
                let added = try registry.add(url: options.target ?? "", events: options.events, includeValues: options.includeValues, nowMs: nowMs)
                // The secret alone on standard output, so `$(healthd webhook add …)` captures it.
                out(added.secret)
                err("added webhook \(added.record.id) for \(events(added.record)) to \(added.record.url); the secret above signs every delivery and is shown only this once")
            case "list":
                let records = try registry.list()
                if records.isEmpty { out("no webhooks") }
                for record in records {
                    out([record.id, record.url, events(record), record.includeValues ? "values" : "no values",
                         "created \(TokenCommand.isoDate(record.createdMs))", "\(record.pending) waiting", "\(record.expired) given up"]
                        .joined(separator: "\t"))
                }
            default:
                try registry.remove(id: options.target ?? "")
                out("removed webhook \(options.target ?? "")")
            }
            return 0
        } catch {
            err("healthd webhook \(options.action): \(error)")
            return 1
        }
    }

    static func events(_ record: WebhookStore.Record) -> String {
        record.events?.joined(separator: ",") ?? "all events"
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws -> Options {
        var options = Options()
        if let v = environment["HEALTHD_DB"], !v.isEmpty { options.databasePath = v }
        var rest = arguments
        options.action = rest.removeFirst()
        guard ["add", "list", "remove"].contains(options.action) else {
            throw ServeOptions.UsageError("unknown action '\(options.action)'; use add, list or remove")
        }
        if options.action != "list", let first = rest.first, !first.hasPrefix("-") {
            options.target = first
            rest.removeFirst()
        }
        var reader = ArgumentReader(rest)
        var sawEvents = false
        while let flag = reader.nextFlag() {
            switch flag {
            case "--db": options.databasePath = try reader.value()
            case "--events":
                sawEvents = true
                do { options.events = try WebhookRegistry.events(try reader.value()) } catch let error as WebhookRegistry.Refusal {
                    throw ServeOptions.UsageError(error.description)
                }
            case "--include":
                let value = try reader.value()
                guard value == "values" else { throw ServeOptions.UsageError("--include takes 'values' (got '\(value.prefix(40))')") }
                options.includeValues = true
            default: throw ServeOptions.UsageError("unknown option '\(flag)' for webhook \(options.action)")
            }
        }
        if options.databasePath.isEmpty { throw ServeOptions.UsageError("--db must not be empty") }
        switch options.action {
        case "add":
            guard options.target != nil else { throw ServeOptions.UsageError("webhook add needs the receiver's URL") }
        case "remove":
            guard options.target != nil else { throw ServeOptions.UsageError("webhook remove needs the webhook's ID (see healthd webhook list)") }
            guard !sawEvents, !options.includeValues else { throw ServeOptions.UsageError("webhook remove takes only the ID and --db") }
        default:
            guard !sawEvents, !options.includeValues else { throw ServeOptions.UsageError("webhook list takes only --db") }
        }
        return options
    }
}
