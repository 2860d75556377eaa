import JSON
@testable import Notifications
import Testing

/// The event body: canonical bytes (sorted keys, compact), `values` only on request.
@Suite struct ChangeEventTests {
    static let event = ChangeEvent(id: "evt_0001", type: .nightSettled, occurredAtMs: 1_773_125_100_123, cursor: 42,
                                   subject: ["night": "2026-03-10", "source": "Anna’s Apple Watch", "metrics": ["sleep_segment"]],
                                   values: ["asleepMinutes": 431, "deepMinutes": 62])

    @Test func bodyIsCanonicalAndCarriesNoValuesUnlessAsked() {
        let body = String(decoding: Self.event.body(includeValues: false), as: UTF8.self)
        #expect(body == #"{"cursor":42,"id":"evt_0001","occurredAt":"2026-03-10T06:45:00.123Z","occurredAtMs":1773125100123,"#
            + #""subject":{"metrics":["sleep_segment"],"night":"2026-03-10","source":"Anna’s Apple Watch"},"type":"night.settled"}"#)
        #expect(!body.contains("values") && !body.contains("431"))
    }

    @Test func valuesOnlyWhenAsked() {
        let body = String(decoding: Self.event.body(includeValues: true), as: UTF8.self)
        #expect(body.hasSuffix(#","type":"night.settled","values":{"asleepMinutes":431,"deepMinutes":62}}"#))
        // An event without values has no `values` member even when asked.
        var bare = Self.event
        bare.values = nil
        #expect(bare.body(includeValues: true) == bare.body(includeValues: false))
    }

    @Test func bodyIsStableAcrossDictionaryOrder() throws {
        // Build the same subject in two insertion orders; the bytes must not differ.
        var a: [String: JSONValue] = [:]
        var b: [String: JSONValue] = [:]
        let keys = (0..<40).map { "k\($0)" }
        for key in keys { a[key] = .string(key) }
        for key in keys.reversed() { b[key] = .string(key) }
        let first = ChangeEvent(id: "evt_x", type: .dayChanged, occurredAtMs: 0, cursor: 1, subject: a)
        let second = ChangeEvent(id: "evt_x", type: .dayChanged, occurredAtMs: 0, cursor: 1, subject: b)
        #expect(first.body(includeValues: false) == second.body(includeValues: false))
        let parsed = try JSONParser.parse(first.body(includeValues: false))
        #expect(parsed["subject"]?.objectValue?.count == 40)
        #expect(parsed["occurredAt"]?.stringValue == "1970-01-01T00:00:00.000Z")
    }

    @Test func typesSpellTheirWireNames() {
        #expect(ChangeEventType.allCases.map(\.rawValue) == [
            "day.changed", "day.settled", "night.settled", "workout.changed", "intent.status", "intent.dead",
            "source.silent", "source.back", "readiness.ready",
        ])
    }

    @Test func subscriptionsFilterTypesAndChooseTheBody() throws {
        let endpoint = try Fixture.endpoint("e1", "https://example.org/hook")
        let all = WebhookSubscription(endpoint: endpoint)
        let nights = WebhookSubscription(endpoint: endpoint, types: [.nightSettled], includeValues: true)
        let intents = WebhookSubscription(endpoint: endpoint, types: [.intentStatus, .intentDead])
        #expect(all.accepts(Self.event) && nights.accepts(Self.event) && !intents.accepts(Self.event))
        #expect(all.body(for: Self.event) == Self.event.body(includeValues: false))
        #expect(nights.body(for: Self.event) == Self.event.body(includeValues: true))
    }

    @Test func idsAreRandomAndHeaderSafe() throws {
        let a = try ChangeEvent.makeID()
        let b = try ChangeEvent.makeID()
        #expect(a != b)
        #expect(a.hasPrefix("evt_") && a.count == 36)
        #expect(a.dropFirst(4).allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test func endpointsMustBeHTTPOrHTTPS() throws {
        _ = try Fixture.endpoint("ok", "http://127.0.0.1:9/x")
        _ = try Fixture.endpoint("ok", "https://hooks.example.org/x?k=1")
        for bad in ["ftp://example.org/x", "/relative", "mailto:a@example.org", "http://"] {
            #expect(throws: NotificationError.self) { try Fixture.endpoint("bad", bad) }
        }
    }

    @Test func instantsAsText() {
        #expect(InstantText.utc(ms: 1_773_125_100_123) == "2026-03-10T06:45:00.123Z")
        #expect(InstantText.utc(ms: -1) == "1969-12-31T23:59:59.999Z")
        #expect(InstantText.utc(ms: 951_782_400_000) == "2000-02-29T00:00:00.000Z")
    }
}
