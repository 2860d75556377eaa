import Testing
@testable import HTTPTransport

/// Tests against a real server over TCP. Serialized: they count descriptors and threads.
@Suite(.serialized, .timeLimit(.minutes(1)))
enum SocketTests {}

/// What a one-shot raw exchange produced.
struct Exchange: Sendable {
    var response: TestResponse?
    /// The server closed the connection after the response.
    var closed: Bool
    /// When the connection stayed open: whether a follow-up request on it was answered.
    var followUpStatus: Int?
}

/// Sends raw bytes on a new connection, reads one response, then finds out whether the
/// connection was closed (end of stream within `closeTimeout`) or is still usable (a
/// follow-up request is answered).
func exchange(_ port: Int, _ raw: String, head: Bool = false, closeTimeout: Double = 0.5) async -> Exchange {
    await onThread {
        guard let client = TestClient(port: port) else { return Exchange(response: nil, closed: true) }
        client.send(raw)
        let response = client.readResponse(head: head)
        if client.isClosedByPeer(within: closeTimeout) {
            return Exchange(response: response, closed: true)
        }
        let followUp = client.roundTrip()
        return Exchange(response: response, closed: followUp == nil, followUpStatus: followUp?.status)
    }
}
