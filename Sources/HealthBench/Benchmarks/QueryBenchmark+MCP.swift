#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPTransport
import HealthAPI
import HealthTesting
import JSON

extension QueryBenchmark {
    /// One pair of requests with the same arguments: the route's and the `tools/call`
    /// message of the tool that wraps it.
    struct RequestPair: Sendable {
        var routeMethod = "POST"
        var routePath = "/health/query"
        var routeBody: [UInt8]
        var tool: String
        var toolBody: [UInt8]
    }

    /// Tools that wrap a GET route, timed beside the query intents: (row name, route
    /// path, tool). Their arguments are empty, so the route has no query string.
    static let listingTools = [
        ("list_metrics (GET /health/types)", "/health/types", "list_metrics"),
        ("list_write_intents (GET /health/write-intents)", "/health/write-intents", "list_write_intents"),
    ]

    /// What one side of a pair measured: client-side latencies (send → last body byte),
    /// the server's own times (`X-Response-Time`) and the largest answer.
    struct SideResult: Sendable {
        var latencies: [Double] = []
        var serverTimes: [Double] = []
        var maxBytes = 0
    }

    /// The MCP revision the current SDKs try first; the stateless form is what each of
    /// their tool calls costs (no session to set up).
    static let mcpVersion = "2026-07-28"

    /// The `tools/call` an MCP 2026-07-28 client sends for a route body: the tool's name
    /// from the `intent` selector, the other members as arguments, the protocol version and
    /// capabilities in `_meta`.
    static func toolCall(forRouteBody body: String, id: Int) -> RequestPair {
        var arguments = (try? JSONParser.parse(Array(body.utf8)).objectValue) ?? [:]
        let intent = arguments.removeValue(forKey: "intent")?.stringValue ?? ""
        return RequestPair(routeBody: Array(body.utf8), tool: intent, toolBody: toolMessage(intent, arguments: arguments, id: id))
    }

    /// The `tools/call` message as a 2026-07-28 client sends it.
    static func toolMessage(_ tool: String, arguments: [String: JSONValue], id: Int) -> [UInt8] {
        let message: JSONValue = [
            "jsonrpc": "2.0", "id": .number(Double(id)), "method": "tools/call",
            "params": [
                "name": .string(tool), "arguments": .object(arguments),
                "_meta": ["io.modelcontextprotocol/protocolVersion": .string(mcpVersion), "io.modelcontextprotocol/clientCapabilities": [:]],
            ],
        ]
        return JSONWriter.serialize(message)
    }

    /// Each query intent as `POST /health/query` and as the MCP tool call wrapping it,
    /// over one keep-alive loopback connection to the real server on a free port. The two
    /// alternate request by request (which goes first alternates too), so a noisy moment
    /// on the machine lands on both sides alike.
    static func compareOverLoopback(cases: [(String, () -> (HTTPMethod, String, String?))], app: HealthApp, transport: HTTPServerConfiguration, token: String, options: Options) async throws -> String {
        var transport = transport
        transport.port = 0
        let handler = app.handler
        transport.errorResponder = { status, reason, request in handler.transportErrorResponse(status: status, reason: reason, request: request) }
        let server = HTTPServer(configuration: transport, handler: handler)
        let port = try server.start()
        let serving = Task { await server.run() }

        var table = BenchmarkTable(
            title: "healthd-bench query --via mcp — end to end over loopback (send → last byte, one keep-alive connection to the server on 127.0.0.1:\(port)): each route vs the MCP tools/call on POST /mcp that wraps it, \(options.iterations) pairs each, alternating",
            columns: ["query", "route p50", "route p99", "tool p50", "tool p99", "tool − route p99", "server Δ p99", "bytes route / tool"])
        var worst = 0.0
        var failure: Error?
        var plans: [(String, [RequestPair])] = []
        for (name, make) in cases where name.hasPrefix("query ") {
            plans.append((name, (0..<(options.iterations + warmup)).map { i in toolCall(forRouteBody: make().2 ?? "{}", id: i + 1) }))
        }
        for (name, path, tool) in listingTools {
            plans.append((name, (0..<(options.iterations + warmup)).map { i in
                RequestPair(routeMethod: "GET", routePath: path, routeBody: [], tool: tool, toolBody: toolMessage(tool, arguments: [:], id: i + 1))
            }))
        }
        for (name, pairs) in plans where options.only.map({ name.contains($0) }) ?? true {
            let measured: (route: SideResult, tool: SideResult)
            do {
                measured = try await blocking { try measurePairs(pairs, name: name, port: port, token: token) }
            } catch {
                failure = error
                break
            }
            let routeP99 = BenchmarkTable.percentile(measured.route.latencies, 0.99), toolP99 = BenchmarkTable.percentile(measured.tool.latencies, 0.99)
            let serverDelta = BenchmarkTable.percentile(measured.tool.serverTimes, 0.99) - BenchmarkTable.percentile(measured.route.serverTimes, 0.99)
            worst = max(worst, toolP99 - routeP99)
            table.add([name,
                       BenchmarkTable.format(BenchmarkTable.percentile(measured.route.latencies, 0.5), decimals: 2), BenchmarkTable.format(routeP99, decimals: 2),
                       BenchmarkTable.format(BenchmarkTable.percentile(measured.tool.latencies, 0.5), decimals: 2), BenchmarkTable.format(toolP99, decimals: 2),
                       BenchmarkTable.format(toolP99 - routeP99, decimals: 2), BenchmarkTable.format(serverDelta, decimals: 2),
                       BenchmarkTable.grouped(measured.route.maxBytes) + " / " + BenchmarkTable.grouped(measured.tool.maxBytes)])
        }
        await server.shutdown()
        await serving.value
        if let failure { throw failure }
        return table.rendered
            + "ms throughout; server Δ p99 is the same difference in the server's own X-Response-Time (without the socket)\n"
            + "goal: tool p99 ≤ route p99 + 1 ms (largest difference here: \(BenchmarkTable.format(worst, decimals: 2)) ms)\n"
    }

    /// Requests discarded before timing starts: they warm the page cache and the
    /// statement cache.
    static let warmup = 10

    /// Sends every pair on one connection (a blocking client, on its own thread) and
    /// times both sides.
    static func measurePairs(_ pairs: [RequestPair], name: String, port: Int, token: String) throws -> (route: SideResult, tool: SideResult) {
        // A benchmark times answers rather than bounding them: the miniature runs in the tests share
        // two cores with sanitized test processes, where one answer can take far over the default 30 s.
        let client = try LoopbackHTTPClient(port: port, timeoutSeconds: 300)
        var sides = [SideResult(), SideResult()]  // the route, the tool
        for (i, pair) in pairs.enumerated() {
            for toolSide in (i % 2 == 0 ? [false, true] : [true, false]) {
                let t0 = AppClock.monotonicNanoseconds()
                let response = toolSide
                    ? try client.send(method: "POST", path: "/mcp", token: token,
                                      headers: [("Accept", "application/json, text/event-stream"), ("MCP-Protocol-Version", mcpVersion),
                                                ("Mcp-Method", "tools/call"), ("Mcp-Name", pair.tool)],
                                      body: pair.toolBody)
                    : try client.send(method: pair.routeMethod, path: pair.routePath, token: token, body: pair.routeBody)
                let elapsed = Double(AppClock.monotonicNanoseconds() - t0) / 1e6
                let answered = response.status == 200 && (!toolSide || response.text.contains(#""isError":false"#))
                guard answered else {
                    throw LoopbackHTTPClient.ClientError(description: "\(name)\(toolSide ? " (MCP)" : "") answered \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
                }
                guard i >= warmup else { continue }
                let side = toolSide ? 1 : 0
                sides[side].latencies.append(elapsed)
                if let serverTime = response.header("X-Response-Time").flatMap({ Double($0.dropLast(2)) }) { sides[side].serverTimes.append(serverTime) }
                sides[side].maxBytes = max(sides[side].maxBytes, response.body.count)
            }
        }
        return (sides[0], sides[1])
    }
}
