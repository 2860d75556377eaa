import Testing
import HTTPTransport
@testable import HealthAPI

@Suite struct RoutingTests {
    let app = TestApp()

    @Test func livenessIsPublicAndReportsVersionAndUptime() async {
        for path in ["/health", "/api/health"] {
            let reply = await app.send(.get, path, authorized: false)
            #expect(reply.status == 200)
            #expect(reply.json["status"] as? String == "ok")
            #expect(reply.json["version"] as? String == HealthAPIVersion.current)
            #expect((reply.json["uptimeSeconds"] as? Int).map { $0 >= 0 } == true)
        }
    }

    @Test func unknownPathIs404WithEnvelope() async {
        let reply = await app.send(.get, "/nope", authorized: false)
        #expect(reply.status == 404)
        #expect(reply.errorCode == "NOT_FOUND")
        #expect(reply.header("Content-Type") == "application/json")
    }

    @Test func trailingSlashAndDoubleSlashAreNotTheSameResource() async {
        #expect(await app.send(.get, "/health/", authorized: false).status == 404)
        #expect(await app.send(.get, "//health", authorized: false).status == 404)
    }

    // `/health` also takes POST (Health Auto Export), so a GET-only public path stands in.
    @Test(arguments: ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "POST"])
    func otherMethodOnKnownPathIs405WithAllow(method: String) async {
        let reply = await app.send(HTTPMethod(method), "/health/openapi.json", authorized: false)
        #expect(reply.status == 405)
        #expect(reply.errorCode == "METHOD_NOT_ALLOWED")
        #expect(reply.header("Allow") == "GET, HEAD")
    }

    @Test func headIsServedByTheGetRoute() async {
        let reply = await app.send(.head, "/health", authorized: false)
        #expect(reply.status == 200)
    }

    @Test func everyResponseCarriesRequestIDResponseTimeAndNoStore() async {
        for reply in [await app.send(.get, "/health"), await app.send(.get, "/missing"), await app.send(.get, "/health/openapi.json", authorized: false)] {
            #expect(reply.header("X-Request-ID")?.isEmpty == false)
            #expect(reply.header("X-Response-Time")?.hasSuffix("ms") == true)
            #expect(reply.header("Cache-Control") != nil)
        }
        #expect(await app.send(.get, "/health").header("Cache-Control") == "no-store")
    }

    @Test func clientRequestIDIsEchoedWhenSafeAndReplacedOtherwise() async {
        let echoed = await app.send(.get, "/health", headers: [("X-Request-ID", "abc-123_x.y")])
        #expect(echoed.header("X-Request-ID") == "abc-123_x.y")
        let replaced = await app.send(.get, "/health", headers: [("X-Request-ID", "bad id with spaces")])
        #expect(replaced.header("X-Request-ID") != "bad id with spaces")
        #expect(replaced.header("X-Request-ID").map(RequestIDGenerator.isAcceptable) == true)
    }

    @Test func generatedRequestIDsAreUnique() {
        let generator = RequestIDGenerator()
        let ids = (0..<1000).map { _ in generator.next() }
        #expect(Set(ids).count == 1000)
    }

    @Test func invalidPercentEncodingIs400() async {
        let reply = await app.send(.get, "/health%zz", authorized: false)
        #expect(reply.status == 400 || reply.status == 404)
        #expect(reply.errorCode != nil)
    }

    @Test func routerMatchesParametersAndPrefersExactMethod() {
        let op = Operation(id: "x", summary: "x", description: "x", tags: [], responses: [:])
        let router = Router(routes: [
            Route(.get, "/items/{id}", scope: .read, operation: op) { _ in HTTPResponse(status: .ok) },
            Route(.delete, "/items/{id}", scope: .read, operation: op) { _ in HTTPResponse(status: .noContent) },
        ])
        guard case .found(let route, let parameters) = router.match(method: .delete, path: "/items/a%20b") else {
            Issue.record("no match"); return
        }
        #expect(route.method == .delete)
        #expect(parameters["id"] == "a%20b")
        guard case .methodNotAllowed(let allowed) = router.match(method: .post, path: "/items/1") else {
            Issue.record("expected 405"); return
        }
        #expect(allowed == [.get, .head, .delete])
        guard case .notFound = router.match(method: .get, path: "/items/") else { Issue.record("expected 404"); return }
    }
}
