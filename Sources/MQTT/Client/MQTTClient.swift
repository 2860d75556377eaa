import Foundation
import Locking

/// A publishing MQTT 3.1.1 client: one TCP connection to a broker, kept up on a thread of
/// its own, with QoS 1 delivery that survives lost acknowledgements and reconnects.
///
/// ```swift
/// var configuration = MQTTClientConfiguration(url: try MQTTBrokerURL(parsing: "mqtt://user:pass@127.0.0.1:1883"),
///                                             clientID: "healthd")
/// configuration.availability = MQTTAvailability(topic: "healthd/status")
/// let client = try MQTTClient(configuration: configuration)
/// client.start()
/// try await client.publish(topic: "healthd/steps", payload: "8123", retain: true)
/// await client.shutdown()
/// ```
///
/// The socket, the timers and all protocol state live on the client's thread, which sleeps
/// in `poll(2)`; callers on the cooperative pool only take a lock, append and wake it, and
/// `publish` suspends (without blocking a thread) until the outcome is known.
///
/// What the thread does: connects (resolving the host there, never on the pool), sends
/// CONNECT with the availability will, publishes `online`, writes queued messages, resends
/// a QoS 1 PUBLISH with the DUP flag when its PUBACK is `retryInterval` late, sends PINGREQ
/// every half keep-alive and drops a connection whose PINGRESP does not come, reconnects
/// with ``ReconnectBackoff`` and then resends every unacknowledged message.
public final class MQTTClient: Sendable {
    /// Where the connection stands.
    public enum State: Sendable, Equatable {
        /// ``start()`` was not called yet.
        case idle
        /// Connecting, or waiting for CONNACK.
        case connecting
        /// CONNECT was accepted.
        case connected
        /// The last attempt failed or the connection dropped; the next attempt is scheduled.
        case waitingToReconnect
        /// ``shutdown(drainTimeout:)`` finished.
        case stopped
    }

    /// Things worth a log line, reported on the client's thread. None carries a password or
    /// a payload.
    public enum Event: Sendable, Equatable {
        /// CONNECT was accepted.
        case connected(sessionPresent: Bool)
        /// A connection attempt failed (refused, timed out, unreachable).
        case connectFailed(MQTTError)
        /// An established connection ended.
        case connectionLost(MQTTError)
        /// A QoS 1 PUBLISH was written again with the DUP flag.
        case resent(packetID: UInt16, topic: String)
    }

    /// What callers and the thread share.
    struct Shared {
        var state: State = .idle
        var started = false
        var stopping = false
        var stopped = false
        /// Monotonic time after which shutdown stops waiting for acknowledgements.
        var drainDeadline = 0.0
        /// Accepted messages the thread has not taken yet.
        var submitted: [OutboundQueue.Message] = []
        /// The callers waiting for their message's outcome, by ticket.
        var waiters: [UInt64: CheckedContinuation<Result<Void, MQTTError>, Never>] = [:]
        var nextTicket: UInt64 = 1
        /// Application messages accepted and not yet delivered or failed.
        var pending = 0
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The configuration it was made with.
    public let configuration: MQTTClientConfiguration
    let shared = Locked(Shared())
    let wake: WakePipe
    let onEvent: (@Sendable (Event) -> Void)?

    /// A client that does nothing until ``start()``. `onEvent` is called on the client's
    /// thread; it must return quickly.
    public init(configuration: MQTTClientConfiguration, onEvent: (@Sendable (Event) -> Void)? = nil) throws(MQTTError) {
        if let availability = configuration.availability {
            try MQTTPacket.validateTopicName(availability.topic)
        }
        // Fail now on what CONNECT could never carry, not on every reconnection.
        _ = try MQTTPacket.connect(configuration.connectPacket).encoded()
        self.configuration = configuration
        self.onEvent = onEvent
        wake = try WakePipe()
    }

    /// Starts the client's thread, which connects and keeps the connection. Calling it again
    /// does nothing.
    public func start() {
        let go = shared.withLock { shared in
            guard !shared.started, !shared.stopping else { return false }
            shared.started = true
            shared.state = .connecting
            return true
        }
        guard go else { return }
        let configuration = configuration, shared = shared, wake = wake, onEvent = onEvent
        let thread = Thread {
            ClientLoop(configuration: configuration, shared: shared, wake: wake, onEvent: onEvent).run()
        }
        thread.name = "mqtt-client"
        thread.start()
    }

    /// Where the connection stands now.
    public var state: State {
        shared.withLock { $0.state }
    }

    /// Publishes `payload` to `topic` and returns once it is delivered: for QoS 1 when the
    /// broker's PUBACK arrives (after any number of resends and reconnects), for QoS 0 once
    /// it is handed to the socket. Throws at once for a topic the protocol cannot carry or a
    /// full queue, and ``MQTTError/Kind/closed`` if the client shuts down first. Cancelling
    /// the calling task does not withdraw the message: once accepted, it is the client's to
    /// deliver, and the call returns with its outcome.
    public func publish(topic: String, payload: [UInt8], retain: Bool = false, qos: QoS = .atLeastOnce) async throws(MQTTError) {
        let message = try validated(topic: topic, payload: payload, retain: retain, qos: qos)
        let result: Result<Void, MQTTError> = await withCheckedContinuation { continuation in
            if let refusal = submit(message, waiter: continuation) {
                continuation.resume(returning: .failure(refusal))
            }
        }
        try result.get()
    }

    /// ``publish(topic:payload:retain:qos:)-(String,[UInt8],_,_)`` with a UTF-8 text payload.
    public func publish(topic: String, payload: String, retain: Bool = false, qos: QoS = .atLeastOnce) async throws(MQTTError) {
        try await publish(topic: topic, payload: Array(payload.utf8), retain: retain, qos: qos)
    }

    /// Hands a message to the client without waiting for its delivery, which the client
    /// pursues as for ``publish(topic:payload:retain:qos:)-(String,[UInt8],_,_)`` while it runs.
    public func enqueue(topic: String, payload: [UInt8], retain: Bool = false, qos: QoS = .atLeastOnce) throws(MQTTError) {
        let message = try validated(topic: topic, payload: payload, retain: retain, qos: qos)
        if let refusal = submit(message, waiter: nil) { throw refusal }
    }

    /// Stops the client: waits up to `drainTimeout` seconds for queued and in-flight
    /// messages while connected, publishes the availability `offline`, sends DISCONNECT
    /// (so the broker drops the will) and closes the connection. Messages still undelivered
    /// fail with ``MQTTError/Kind/closed``. Returns once the thread has finished.
    public func shutdown(drainTimeout: Double = 2) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let action: (waiters: [CheckedContinuation<Result<Void, MQTTError>, Never>], done: Bool) = shared.withLock { shared in
                if shared.stopped { return ([], true) }
                guard shared.started else {
                    // No thread to stop: fail what was queued and be done.
                    shared.stopped = true
                    shared.stopping = true
                    shared.state = .stopped
                    shared.submitted = []
                    shared.pending = 0
                    defer { shared.waiters = [:] }
                    return (Array(shared.waiters.values), true)
                }
                if !shared.stopping {
                    shared.stopping = true
                    shared.drainDeadline = MonotonicClock.now() + max(0, drainTimeout)
                }
                shared.stopWaiters.append(continuation)
                return ([], false)
            }
            for waiter in action.waiters { waiter.resume(returning: .failure(MQTTError(.closed, "the client was shut down"))) }
            if action.done {
                continuation.resume()
            } else {
                wake.signal()
            }
        }
    }

    private func validated(topic: String, payload: [UInt8], retain: Bool, qos: QoS) throws(MQTTError) -> OutboundQueue.Message {
        try MQTTPacket.validateTopicName(topic)
        // Fixed header (5) + topic length (2) + topic + packet id (2) + payload must fit.
        guard 9 + topic.utf8.count + payload.count <= RemainingLength.maximum else {
            throw MQTTError(.packetTooLarge, "the message does not fit in one MQTT packet")
        }
        return OutboundQueue.Message(ticket: 0, topic: topic, payload: payload, retain: retain, qos: qos)
    }

    /// Queues `message` under a new ticket and wakes the thread; the refusal if not accepted.
    private func submit(_ message: OutboundQueue.Message,
                        waiter: CheckedContinuation<Result<Void, MQTTError>, Never>?) -> MQTTError? {
        let refusal: MQTTError? = shared.withLock { shared in
            if shared.stopping || shared.stopped { return MQTTError(.closed, "the client is shut down") }
            guard shared.pending < configuration.maxQueued else {
                return MQTTError(.queueFull, "\(shared.pending) messages are already waiting for the broker")
            }
            var message = message
            message.ticket = shared.nextTicket
            shared.nextTicket += 1
            shared.pending += 1
            shared.submitted.append(message)
            if let waiter { shared.waiters[message.ticket] = waiter }
            return nil
        }
        if refusal == nil { wake.signal() }
        return refusal
    }
}
