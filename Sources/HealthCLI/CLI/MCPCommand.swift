import Foundation
import HealthAPI
import Synchronization
import HealthStore

/// `healthd mcp`: the MCP tools over standard input and output (one JSON-RPC message
/// per line), against the configured database, for clients that launch a command.
enum MCPCommand {
    static let help = """
    Usage: healthd mcp [--scope LIST] [--person NAME] [--db PATH] [serve options such as --timezone]

    Serves the same MCP tools as POST /mcp over stdio: one JSON-RPC message per line on
    standard input, one answer per line on standard output; diagnostics go to standard
    error. Whoever can start this command can read the database file, so no token is
    asked for; --scope limits what the tools may do (default read,intents: read and log
    write intents; read makes it read-only). --person picks whose data (default the first
    person; healthd person list names them).
    """

    static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return 0
        }
        var scopes: Set<Scope> = [.read, .intents]
        var personName: String?
        var rest: [String] = []
        var index = 0
        do {
            while index < arguments.count {
                let argument = arguments[index]
                if argument == "--scope" || argument.hasPrefix("--scope=") {
                    let value: String
                    if argument == "--scope" {
                        guard index + 1 < arguments.count else { throw ServeOptions.UsageError("--scope needs a value") }
                        value = arguments[index + 1]
                        index += 1
                    } else {
                        value = String(argument.dropFirst("--scope=".count))
                    }
                    do { scopes = try Scope.parseList(value) } catch { throw ServeOptions.UsageError(error.description) }
                } else if argument == "--person" {
                    guard index + 1 < arguments.count else { throw ServeOptions.UsageError("--person needs a name") }
                    personName = arguments[index + 1]
                    index += 1
                } else {
                    rest.append(argument)
                }
                index += 1
            }
            let config = try ServeOptions.parse(rest, environment: environment)
            let server = try PeopleFiles.server(config)
            let first = try server.firstPerson()
            let person = try personName.map { try PeopleFiles.selected($0, in: server)[0] }
            let opened = try StoreOpener.open(path: server.path(of: first), priority: config.applying(first).priority, nowMs: AppClock.system.now())
            let household = try Household(server: server, config: config, clock: .system, firstStore: opened.store)
            defer { household.close() }
            // The token is never presented over stdio; the app needs one to exist.
            let app = HealthApp(config: config, token: TokenProvider.generate(), household: household)
            var services: AppServices?
            if let person { services = try await household.acquire(person) }
            let grant = TokenGrant(name: "stdio", scopes: scopes, person: person?.id)
            var number = 0
            for await line in standardInputLines() where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                number += 1
                if let answer = await app.mcpMessage(line, grant: grant, requestID: "stdio-\(number)", services: services) {
                    CommandLineTool.writeLine(String(decoding: answer, as: UTF8.self), to: 1)
                }
            }
            return 0
        } catch let error as ServeOptions.UsageError {
            CommandLineTool.printError("healthd mcp: \(error)")
            return 2
        } catch {
            CommandLineTool.printError("healthd mcp: \(error)")
            return 1
        }
    }

    /// Lines of standard input, read on a thread of their own: a blocking read must not
    /// hold a thread of the cooperative pool.
    static func standardInputLines() -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            let thread = Thread {
                var pending: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, 65_536) }
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { break }
                    pending += chunk[0..<n]
                    while let newline = pending.firstIndex(of: 0x0A) {
                        continuation.yield(Array(pending[..<newline]))
                        pending.removeSubrange(...newline)
                    }
                }
                if !pending.isEmpty { continuation.yield(pending) }
                continuation.finish()
            }
            thread.start()
        }
    }
}
