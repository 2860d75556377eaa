import Testing
import Webhooks

/// Standard Webhooks signing and verification, pinned by the specification's published
/// vector (the one its reference libraries test against).
@Suite struct StandardWebhooksTests {
    static let secretText = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp: Int64 = 1_614_265_330
    static let body = Array(#"{"test": 2432232314}"#.utf8)
    static let expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="

    static func signer() throws -> WebhookSigner {
        WebhookSigner(secret: try WebhookSecret(parsing: secretText))
    }

    @Test func specificationVector() throws {
        let signer = try Self.signer()
        #expect(signer.signature(id: Self.id, timestamp: Self.timestamp, body: Self.body) == Self.expected)
        let headers = try signer.headers(id: Self.id, timestamp: Self.timestamp, body: Self.body)
        #expect(headers.map(\.name) == ["webhook-id", "webhook-signature", "webhook-timestamp"])
        #expect(headers.map(\.value) == [Self.id, Self.expected, "1614265330"])
        try signer.verify(headers: headers, body: Self.body, now: Self.timestamp)
    }

    @Test func secretFormat() throws {
        let secret = try WebhookSecret(parsing: Self.secretText)
        #expect(secret.key.count == 24)
        #expect(secret.encoded == Self.secretText)
        // The prefix is optional, as in the reference libraries.
        #expect(try WebhookSecret(parsing: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") == secret)
        // A secret never prints itself.
        #expect("\(secret)" == "whsec_…")
        for bad in ["whsec_", "whsec_not base64", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS", ""] {
            #expect(throws: WebhookError.self) { try WebhookSecret(parsing: bad) }
        }
    }

    @Test func generatedSecretsAreRandomAndReadBack() throws {
        let a = try WebhookSecret.generate()
        let b = try WebhookSecret.generate()
        #expect(a.key.count == 32)
        #expect(a != b)
        #expect(a.encoded.hasPrefix("whsec_"))
        #expect(try WebhookSecret(parsing: a.encoded) == a)
        #expect(throws: WebhookError.self) { try WebhookSecret.generate(byteCount: 8) }
    }

    @Test func toleranceWindow() throws {
        let signer = try Self.signer()
        let verify = { (now: Int64) throws(WebhookError) in
            try signer.verify(id: Self.id, timestamp: "1614265330", signatures: Self.expected, body: Self.body, now: now)
        }
        try verify(Self.timestamp + 300)
        try verify(Self.timestamp - 300)
        for now in [Self.timestamp + 301, Self.timestamp - 301] {
            do {
                try verify(now)
                Issue.record("a timestamp 301 s away verified")
            } catch {
                #expect(error.kind == .timestampOutOfTolerance)
            }
        }
        // A wider tolerance lets an old message through.
        try signer.verify(id: Self.id, timestamp: "1614265330", signatures: Self.expected, body: Self.body,
                          now: Self.timestamp + 3_600, tolerance: 3_600)
    }

    @Test func severalSignaturesOneOfWhichMatches() throws {
        let signer = try Self.signer()
        let other = "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc="
        // A v2 entry with the right digest must not count: only v1 is HMAC-SHA256.
        let wrongVersion = "v2," + String(Self.expected.dropFirst(3))
        try signer.verify(id: Self.id, timestamp: "1614265330", signatures: "\(other) \(wrongVersion) \(Self.expected) \(other)",
                          body: Self.body, now: Self.timestamp)
        #expect(throws: WebhookError(.noMatchingSignature, "no v1 signature matches the body")) {
            try signer.verify(id: Self.id, timestamp: "1614265330", signatures: "\(other) \(wrongVersion) v1,!!!",
                              body: Self.body, now: Self.timestamp)
        }
    }

    @Test func anyChangeBreaksTheSignature() throws {
        let signer = try Self.signer()
        let changed: [(String, String, [UInt8])] = [
            ("msg_p5jXN8AQM9LWM0D4loKWxJeK", "1614265330", Self.body),
            (Self.id, "1614265331", Self.body),
            (Self.id, "1614265330", Array(#"{"test": 2432232315}"#.utf8)),
        ]
        for (id, timestamp, body) in changed {
            #expect(throws: WebhookError.self) {
                try signer.verify(id: id, timestamp: timestamp, signatures: Self.expected, body: body, now: Self.timestamp)
            }
        }
        let otherKey = WebhookSigner(secret: try WebhookSecret.generate())
        #expect(throws: WebhookError.self) {
            try otherKey.verify(id: Self.id, timestamp: "1614265330", signatures: Self.expected, body: Self.body, now: Self.timestamp)
        }
    }

    @Test func missingOrMalformedHeaders() throws {
        let signer = try Self.signer()
        let cases: [(String, String, String, WebhookError.Kind)] = [
            ("", "1614265330", Self.expected, .missingHeader),
            (Self.id, "", Self.expected, .missingHeader),
            (Self.id, "1614265330", "", .missingHeader),
            (Self.id, "1614265330.5", Self.expected, .invalidTimestamp),
            (Self.id, "-1614265330", Self.expected, .invalidTimestamp),
            (Self.id, "99999999999999999999", Self.expected, .invalidTimestamp),
        ]
        for (id, timestamp, signatures, kind) in cases {
            do {
                try signer.verify(id: id, timestamp: timestamp, signatures: signatures, body: Self.body, now: Self.timestamp)
                Issue.record("verified with id \(id) timestamp \(timestamp)")
            } catch {
                #expect(error.kind == kind)
            }
        }
        #expect(throws: WebhookError.self) { try signer.headers(id: "a\r\nb", timestamp: 1, body: []) }
        #expect(throws: WebhookError.self) { try signer.headers(id: "", timestamp: 1, body: []) }
    }
}
