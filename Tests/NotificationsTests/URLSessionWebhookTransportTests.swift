import Foundation
import HTTPTransport
@testable import Notifications
import Testing
import Webhooks

/// The URLSession transport against a real receiver on 127.0.0.1: what it sends, and how
/// each kind of answer is classified.
@Suite struct URLSessionWebhookTransportTests {
    static func request(_ url: String, id: String = "evt_t1") throws -> WebhookRequest {
        try WebhookRequest(endpoint: Fixture.endpoint("e", url), messageID: id, timestamp: 1_773_125_100,
                           body: Array(#"{"a":1}"#.utf8))
    }

    @Test func postsTheBodyWithSignedHeaders() async throws {
        let receiver = try WebhookReceiver { _, _, _ in HTTPResponse(status: .noContent) }
        let outcome = await Fixture.transport().send(try Self.request(receiver.url("/hook")))
        await receiver.stop()
        #expect(outcome == .delivered(status: 204))
        let delivery = try #require(receiver.deliveries.first)
        #expect(receiver.deliveries.count == 1)
        #expect(delivery.path == "/hook")
        #expect(delivery.body == Array(#"{"a":1}"#.utf8))
        #expect(delivery.header("content-type") == "application/json")
        #expect(delivery.id == "evt_t1" && delivery.timestamp == 1_773_125_100)
        try WebhookSigner(secret: Fixture.secret).verify(headers: delivery.headers, body: delivery.body, now: 1_773_125_100)
    }

    @Test func aServerErrorIsAFailureWithItsStatus() async throws {
        let receiver = try WebhookReceiver { _, _, _ in
            HTTPResponse(status: .internalServerError, contentType: "text/plain", body: Array("secret-ish body".utf8))
        }
        let outcome = await Fixture.transport().send(try Self.request(receiver.url("/hook")))
        await receiver.stop()
        #expect(outcome == .failed(WebhookFailure(.status, status: 500)))
        // The log line names the status and nothing of the body.
        guard case .failed(let failure) = outcome else { return }
        #expect(failure.description == "HTTP 500")
    }

    @Test func aRedirectIsNotFollowed() async throws {
        let receiver = try WebhookReceiver { request, _, port in
            if request.path == "/elsewhere" { return HTTPResponse(status: .ok) }
            return HTTPResponse(status: HTTPStatus(code: 302, reasonPhrase: "Found"),
                                headers: ["Location": "http://127.0.0.1:\(port)/elsewhere"])
        }
        let outcome = await Fixture.transport().send(try Self.request(receiver.url("/hook")))
        await receiver.stop()
        #expect(outcome == .failed(WebhookFailure(.redirect, status: 302)))
        #expect(receiver.deliveries.map(\.path) == ["/hook"])
    }

    @Test func aSlowReceiverTimesOut() async throws {
        let gate = Gate()
        let receiver = try WebhookReceiver { _, _, _ in
            await gate.wait()
            return HTTPResponse(status: .ok)
        }
        let outcome = await URLSessionWebhookTransport(timeout: 0.5).send(try Self.request(receiver.url("/slow")))
        gate.release()
        await receiver.stop()
        #expect(outcome == .failed(WebhookFailure(.timeout)))
    }

    @Test func aRefusedConnectionIsAConnectionFailure() async throws {
        // Start and stop a receiver: its port was just free and nobody listens on it now.
        let receiver = try WebhookReceiver()
        let url = receiver.url("/hook")
        await receiver.stop()
        let outcome = await Fixture.transport().send(try Self.request(url))
        guard case .failed(let failure) = outcome else {
            Issue.record("a refused connection was delivered")
            return
        }
        #expect(failure.kind == .connection)
    }

    @Test func outcomesByStatus() {
        #expect(WebhookDeliveryOutcome.forStatus(200) == .delivered(status: 200))
        #expect(WebhookDeliveryOutcome.forStatus(299) == .delivered(status: 299))
        #expect(WebhookDeliveryOutcome.forStatus(301) == .failed(WebhookFailure(.redirect, status: 301)))
        #expect(WebhookDeliveryOutcome.forStatus(410) == .failed(WebhookFailure(.status, status: 410)))
        #expect(WebhookDeliveryOutcome.forStatus(101) == .failed(WebhookFailure(.status, status: 101)))
    }
}
