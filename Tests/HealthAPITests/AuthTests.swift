import Foundation
import Testing
import HTTPTransport
@testable import HealthAPI

@Suite struct AuthTests {
    static let protectedPath = "/health/capabilities"

    @Test func missingTokenIs401WithChallengeAndEnvelope() async {
        let app = TestApp()
        let reply = await app.send(.get, AuthTests.protectedPath, authorized: false)
        #expect(reply.status == 401)
        #expect(reply.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        #expect(reply.errorCode == "UNAUTHORIZED")
    }

    @Test func schemeIsCaseInsensitiveAndTokenMustMatchExactly() {
        let auth = Authenticator(token: "s3cret")
        func check(_ value: String?) -> Authenticator.Outcome {
            var headers = HTTPHeaders()
            if let value { headers.add("Authorization", value) }
            return auth.check(HTTPRequest(method: .get, target: "/x", headers: headers))
        }
        #expect(check("Bearer s3cret") == .authorized)
        #expect(check("bearer s3cret") == .authorized)
        #expect(check("BEARER s3cret") == .authorized)
        #expect(check("Bearer s3cre") == .wrongToken)
        #expect(check("Bearer s3cret2") == .wrongToken)
        #expect(check("Bearer S3CRET") == .wrongToken)
        #expect(check("Basic czNjcmV0") == .malformed)
        #expect(check("Bearer ") == .malformed)
        #expect(check("s3cret") == .malformed)
        #expect(check(nil) == .missing)
    }

    @Test func repeatedAuthorizationHeaderIsRejected() {
        let auth = Authenticator(token: "s3cret")
        let request = HTTPRequest(method: .get, target: "/x", headers: HTTPHeaders([("Authorization", "Bearer s3cret"), ("Authorization", "Bearer s3cret")]))
        #expect(auth.check(request) == .malformed)
    }

    @Test func tokenInQueryStringIsNeverAccepted() {
        let auth = Authenticator(token: "s3cret")
        #expect(auth.check(HTTPRequest(method: .get, target: "/x?access_token=s3cret")) == .tokenInQuery)
        #expect(auth.check(HTTPRequest(method: .get, target: "/x?token=s3cret")) == .tokenInQuery)
    }

    @Test func constantTimeComparisonIsCorrect() {
        #expect(Authenticator.constantTimeEquals(Array("abc".utf8), Array("abc".utf8)))
        #expect(!Authenticator.constantTimeEquals(Array("abc".utf8), Array("abd".utf8)))
        #expect(!Authenticator.constantTimeEquals(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!Authenticator.constantTimeEquals([], Array("a".utf8)))
        #expect(Authenticator.constantTimeEquals([], []))
    }

    @Test func throttleBlocksOneAddressAfterBurstAndRefills() {
        let throttle = AuthThrottle(burst: 3, refillSeconds: 10)
        for _ in 0..<3 {
            #expect(throttle.retryAfter(address: "10.0.0.1", now: 100) == nil)
            throttle.recordFailure(address: "10.0.0.1", now: 100)
        }
        #expect(throttle.retryAfter(address: "10.0.0.1", now: 100) == 10)
        #expect(throttle.retryAfter(address: "10.0.0.2", now: 100) == nil)
        #expect(throttle.retryAfter(address: "10.0.0.1", now: 105) == 5)
        #expect(throttle.retryAfter(address: "10.0.0.1", now: 110.5) == nil)
    }

    @Test func throttleMemoryIsBounded() {
        let throttle = AuthThrottle(burst: 1, refillSeconds: 1000, maxTrackedAddresses: 50)
        for i in 0..<500 { throttle.recordFailure(address: "10.0.\(i / 256).\(i % 256)", now: Double(i)) }
        // The most recent offender is still tracked; the table did not grow past its cap.
        #expect(throttle.retryAfter(address: "10.0.1.243", now: 500) != nil)
    }

    @Test func throttledAddressGets429ButOthersKeepWorking() async {
        let app = TestApp { $0.authFailureBurst = 3; $0.authFailureRefillSeconds = 3_600 }
        let path = AuthTests.protectedPath
        for _ in 0..<3 {
            let reply = await app.send(.get, path, headers: [("Authorization", "Bearer wrong")], authorized: false, from: "10.9.9.9")
            #expect(reply.status == 401)
        }
        let throttled = await app.send(.get, path, from: "10.9.9.9")
        #expect(throttled.status == 429)
        #expect(throttled.errorCode == "RATE_LIMITED")
        #expect(Int(throttled.header("Retry-After") ?? "") ?? 0 >= 1)
        let elsewhere = await app.send(.get, path, from: "10.1.1.1")
        #expect(elsewhere.status == 200)
    }
}

@Suite struct ProtectedRouteTests {
    @Test func everyProtectedRouteAnswers401WithoutAToken() async {
        let app = TestApp()
        let protected = app.app.router.routes.filter { !$0.isPublic }
        #expect(!protected.isEmpty)
        for (i, route) in protected.enumerated() {
            let path = route.path.template.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "")
            // One address per probe: this test is about authentication, not throttling.
            let reply = await app.send(route.method, path, body: route.method == .post ? "{}" : nil, authorized: false, from: "10.0.0.\(i)")
            #expect(reply.status == 401, "\(route.method) \(route.path)")
            #expect(reply.header("WWW-Authenticate") != nil)
        }
    }

    @Test func validTokenReachesTheRoute() async {
        let reply = await TestApp().send(.get, "/health/capabilities")
        #expect(reply.status == 200)
        #expect((reply.json["server"] as? [String: Any])?["name"] as? String == "healthd")
    }
}

/// The HealthSave app's `x-api-key` header and its keyed liveness probe.
@Suite struct APIKeyAuthTests {
    @Test func apiKeyIsAcceptedWhereTheBearerTokenIs() async {
        let app = TestApp()
        let good = await app.send(.get, "/health/types", headers: [("x-api-key", TestApp.token)], authorized: false)
        #expect(good.status == 200)
        let wrong = await app.send(.get, "/health/types", headers: [("x-api-key", "nope")], authorized: false)
        #expect(wrong.status == 401)
        let twice = await app.send(.get, "/health/types", headers: [("x-api-key", TestApp.token), ("x-api-key", TestApp.token)], authorized: false)
        #expect(twice.status == 401)
    }

    @Test func livenessIsPublicButRefusesAWrongKey() async {
        let app = TestApp()
        for path in ["/api/health", "/health"] {
            let none = await app.send(.get, path, authorized: false)
            #expect(none.status == 200)
            #expect(none.json["status"] as? String == "ok")
            let right = await app.send(.get, path, headers: [("x-api-key", TestApp.token)], authorized: false)
            #expect(right.status == 200)
            let wrong = await app.send(.get, path, headers: [("x-api-key", "wrong-key")], authorized: false)
            #expect(wrong.status == 401, "\(path)")
            let wrongBearer = await app.send(.get, path, headers: [("Authorization", "Bearer wrong")], authorized: false)
            #expect(wrongBearer.status == 401, "\(path)")
        }
    }

    @Test func wrongKeysAreThrottledLikeWrongTokens() async {
        // No allowance comes back during the test, however slowly a loaded machine runs it.
        let app = TestApp { $0.authFailureBurst = 2; $0.authFailureRefillSeconds = 3_600 }
        var statuses: [Int] = []
        for _ in 0..<4 {
            statuses.append(await app.send(.get, "/health/types", headers: [("x-api-key", "bad")], authorized: false, from: "10.0.0.9").status)
        }
        #expect(statuses.last == 429)
    }
}
