#if canImport(Glibc)
import Glibc
#endif
import HealthAPI

/// `healthd <command>`: the executable's whole behaviour, kept here so it is testable.
public enum CommandLineTool {
    public static let help = """
    healthd — a self-hosted personal health API.

    Usage: healthd <command> [options]

    Commands:
      serve       start the HTTP API (healthd serve --help lists its options)
      rebuild     recompute every day aggregate from the raw samples
      migrate     convert a database of an earlier release to this one's schema, offline (healthd migrate --help)
      import      import an Apple Health export (export.zip or export.xml) or a healthd export directory
      backup      copy the live database to a file (healthd backup --to PATH)
      restore     put a backup back as the database (healthd restore --from PATH [--force])
      export      write everything as JSON Lines that healthd import reads back (healthd export --to DIR)
      verify      check integrity and every aggregate against a rebuild; exit 1 when inconsistent
      demo        fill a database with a generated demo history (healthd demo --help)
      person      add, list, change and remove the people of a household (healthd person --help)
      token       create, list and revoke scoped tokens (healthd token --help)
      webhook     add, list and remove webhook subscriptions to the changes feed (healthd webhook --help)
      mcp         serve the MCP tools over standard input and output (healthd mcp --help)
      openapi     print the OpenAPI 3.1 document (the one GET /health/openapi.json serves)
      version     print the version
      help        this help

    Environment:
      PRIVATE_API_BEARER_TOKEN  the bearer token for protected routes (see healthd serve --help)
      HEALTHD_HOST, HEALTHD_PORT, HEALTHD_DB, HEALTHD_TOKEN_FILE, HEALTHD_MAX_BODY_BYTES,
      HEALTHD_MAX_CONNECTIONS, HEALTHD_TRUST_FORWARDED_FOR, HEALTHD_TIMEZONE
                                defaults for the serve options of the same name

    Quick start:
      swift run -c release healthd serve      # then: curl http://127.0.0.1:8080/health
    """

    /// Runs a command and returns the process exit status (0 ok, 1 failure, 2 usage).
    public static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        // Everything this process creates — the database, its WAL and shared-memory files,
        // the token — holds health data or a secret: owner-only, whatever --db points at.
        umask(0o077)
        guard let command = arguments.first else {
            printError(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            print(help)
            return 0
        case "version", "--version":
            print("healthd \(HealthAPIVersion.current)")
            return 0
        case "serve":
            if rest.contains("-h") || rest.contains("--help") {
                print(ServeOptions.help)
                return 0
            }
            do {
                let (homeAssistant, serveArguments) = try ServeOptions.homeAssistant(rest, environment: environment)
                let config = try ServeOptions.parse(serveArguments, environment: environment)
                return await HealthServerRunner.serve(config: config, environment: environment, homeAssistant: homeAssistant)
            } catch {
                printError("healthd serve: \(error)")
                return 2
            }
        case "bench":
            // The benchmarks are a tool of their own, kept out of this binary.
            printError("healthd bench: the benchmarks are an executable of their own: " + (["swift run -c release healthd-bench"] + rest).joined(separator: " "))
            return 2
        case "mcp":
            return await MCPCommand.run(rest, environment: environment)
        case "token":
            return TokenCommand.run(rest, environment: environment)
        case "person":
            return PersonCommand.run(rest, environment: environment)
        case "webhook":
            return WebhookCommand.run(rest, environment: environment)
        case "rebuild":
            return RebuildCommand.run(rest, environment: environment)
        case "migrate":
            return MigrateCommand.run(rest, environment: environment)
        case "import":
            return await ImportCommand.run(rest, environment: environment)
        case "backup":
            return BackupCommand.run(rest, environment: environment)
        case "restore":
            return RestoreCommand.run(rest, environment: environment)
        case "export":
            return ExportCommand.run(rest, environment: environment)
        case "verify":
            return VerifyCommand.run(rest, environment: environment)
        case "demo":
            return DemoCommand.run(rest, environment: environment)
        case "openapi":
            guard rest.isEmpty else {
                printError("healthd openapi takes no options; it prints the OpenAPI document to standard output")
                return 2
            }
            writeLine(String(decoding: HealthApp.generatedOpenAPIDocument(), as: UTF8.self), to: 1)
            return 0
        default:
            printError("healthd: unknown command '\(command)'\n\n\(help)")
            return 2
        }
    }

    /// Writes `text` and a newline to standard error, unbuffered.
    public static func printError(_ text: String) { writeLine(text, to: 2) }

    /// Writes straight to a descriptor: unbuffered, so the line is out before we go on.
    static func writeLine(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
        writeBytes(bytes, to: fd)
    }

    /// Writes `text` to standard error as it is (no newline added): a progress bar redrawn in place.
    static func writeRaw(_ text: String) { writeBytes(Array(text.utf8), to: 2) }

    private static func writeBytes(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}
