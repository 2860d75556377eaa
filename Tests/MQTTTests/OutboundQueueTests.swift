@testable import MQTT
import Testing

/// The client's delivery rules without sockets: packet identifiers, the in-flight window,
/// resends with DUP, order.
@Suite struct OutboundQueueTests {
    static func message(_ ticket: UInt64, _ topic: String = "t", qos: QoS = .atLeastOnce) -> OutboundQueue.Message {
        OutboundQueue.Message(ticket: ticket, topic: topic, payload: Array("\(ticket)".utf8), retain: false, qos: qos)
    }

    @Test func lostAcknowledgementIsResentWithDupAndTheSameIdentifier() throws {
        var queue = OutboundQueue(maxInFlight: 4)
        queue.enqueue(Self.message(1))
        let first = try #require(queue.takeSendable(now: 100).first?.publish)
        #expect(first.packetID == 1 && !first.dup)
        #expect(queue.dueForRetry(now: 109.9, interval: 10).isEmpty)
        #expect(queue.nextRetry(interval: 10) == 110)
        let resent = queue.dueForRetry(now: 110, interval: 10)
        #expect(resent == [MQTTPacket.Publish(topic: "t", payload: Array("1".utf8), qos: .atLeastOnce, dup: true, packetID: 1)])
        // Its clock restarted.
        #expect(queue.dueForRetry(now: 115, interval: 10).isEmpty)
        #expect(queue.acknowledge(1)?.ticket == 1)
        #expect(queue.acknowledge(1) == nil)
        #expect(queue.isEmpty && queue.nextRetry(interval: 10) == nil)
    }

    @Test func theWindowHoldsBackLaterMessagesInOrder() {
        var queue = OutboundQueue(maxInFlight: 2)
        queue.enqueue(Self.message(1))
        queue.enqueue(Self.message(2, qos: .atMostOnce))
        queue.enqueue(Self.message(3))
        queue.enqueue(Self.message(4))
        queue.enqueue(Self.message(5, qos: .atMostOnce))
        #expect(queue.takeSendable(now: 0).map(\.message.ticket) == [1, 2, 3])
        // Message 4 waits for room; the QoS 0 message behind it waits too.
        #expect(queue.takeSendable(now: 0).isEmpty)
        #expect(queue.count == 4)
        _ = queue.acknowledge(2)
        let next = queue.takeSendable(now: 1)
        #expect(next.map(\.message.ticket) == [4, 5])
        #expect(next.first?.publish.packetID == 3)
    }

    @Test func identifiersWrapAndSkipThoseInFlight() {
        var queue = OutboundQueue(maxInFlight: 3)
        queue.enqueue(Self.message(1))
        let kept = queue.takeSendable(now: 0).first?.publish.packetID
        #expect(kept == 1)
        var seen: [UInt16] = []
        for ticket in 2...70_000 {
            queue.enqueue(Self.message(UInt64(ticket)))
            let id = queue.takeSendable(now: 0).first!.publish.packetID!
            seen.append(id)
            _ = queue.acknowledge(id)
        }
        #expect(!seen.contains(0))
        #expect(!seen.contains(1))
        #expect(seen[65_533] == 65_535 && seen[65_534] == 2)
    }

    @Test func reconnectResendsEverythingInFlightInOrder() {
        var queue = OutboundQueue(maxInFlight: 8)
        for ticket in 1...3 { queue.enqueue(Self.message(UInt64(ticket))) }
        _ = queue.takeSendable(now: 0)
        _ = queue.acknowledge(2)
        let resent = queue.resendAll(now: 5)
        #expect(resent.map(\.packetID) == [1, 3])
        #expect(resent.allSatisfy { $0.dup })
        #expect(queue.inFlight[1]?.sends == 2)
        queue.enqueue(Self.message(9, "status"), atFront: true)
        queue.enqueue(Self.message(10))
        #expect(queue.takeSendable(now: 5).map(\.message.ticket) == [9, 10])
        #expect(queue.removeAll().map(\.ticket) == [1, 3, 9, 10])
        #expect(queue.isEmpty)
    }

    @Test func reconnectBackoffDoublesWithJitterUpToItsMaximum() {
        let backoff = ReconnectBackoff(initial: 1, maximum: 60)
        #expect((0..<8).map { backoff.delay(attempt: $0, unit: 1) } == [1, 2, 4, 8, 16, 32, 60, 60])
        #expect((0..<8).map { backoff.delay(attempt: $0, unit: 0) } == [0.5, 1, 2, 4, 8, 16, 30, 30])
        #expect(backoff.delay(attempt: 1_000, unit: 0.5) == 45)
    }
}
