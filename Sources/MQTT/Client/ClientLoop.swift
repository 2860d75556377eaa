#if canImport(Glibc)
import Glibc
#endif
import Locking

/// The client's thread: the connection, the timers and the delivery state. Created on that
/// thread and used only there; it talks to callers through ``MQTTClient/Shared``.
final class ClientLoop {
    /// One TCP connection and where its handshake stands.
    private struct Connection {
        enum Phase {
            case awaitingConnAck(deadline: Double)
            case connected
        }

        let fd: Int32
        var phase: Phase
        var decoder = MQTTPacketDecoder()
        var output: [UInt8] = []
        var lastPingAt: Double
        var pingSentAt: Double?

        var isConnected: Bool {
            if case .connected = phase { return true }
            return false
        }
    }

    private let configuration: MQTTClientConfiguration
    private let shared: Locked<MQTTClient.Shared>
    private let wake: WakePipe
    private let onEvent: (@Sendable (MQTTClient.Event) -> Void)?
    private var queue: OutboundQueue
    private var connection: Connection?
    private var nextAttempt = 0.0
    /// Failed attempts since the last accepted CONNECT, for the backoff.
    private var failures = 0
    private var random = SystemRandomNumberGenerator()
    private var readBuffer = [UInt8](repeating: 0, count: 16_384)

    init(configuration: MQTTClientConfiguration, shared: Locked<MQTTClient.Shared>, wake: WakePipe,
         onEvent: (@Sendable (MQTTClient.Event) -> Void)?) {
        self.configuration = configuration
        self.shared = shared
        self.wake = wake
        self.onEvent = onEvent
        queue = OutboundQueue(maxInFlight: configuration.maxInFlight)
    }

    func run() {
        while true {
            let now = MonotonicClock.now()
            let (stopping, drainDeadline) = absorbSubmissions()
            if stopping, connection?.isConnected != true || queue.isEmpty || now >= drainDeadline {
                finish()
                return
            }
            if connection == nil, !stopping, now >= nextAttempt {
                open()
            }
            if connection != nil { serviceTimers(now: MonotonicClock.now()) }
            if connection != nil { flush() }
            waitForActivity(timeout: nextWake(now: MonotonicClock.now(), stopping: stopping, drainDeadline: drainDeadline))
        }
    }

    // MARK: - Submissions and outcomes

    /// Moves newly submitted messages into the queue; reports whether shutdown was asked.
    private func absorbSubmissions() -> (stopping: Bool, drainDeadline: Double) {
        let (messages, stopping, deadline) = shared.withLock { shared in
            defer { shared.submitted = [] }
            return (shared.submitted, shared.stopping, shared.drainDeadline)
        }
        for message in messages { queue.enqueue(message) }
        return (stopping, deadline)
    }

    /// Reports the outcome of a message to its caller, if one waits.
    private func complete(_ message: OutboundQueue.Message, _ result: Result<Void, MQTTError>) {
        guard message.ticket != 0 else { return }
        let waiter = shared.withLock { shared in
            shared.pending -= 1
            return shared.waiters.removeValue(forKey: message.ticket)
        }
        waiter?.resume(returning: result)
    }

    private func setState(_ state: MQTTClient.State) {
        shared.withLock { $0.state = state }
    }

    // MARK: - Connecting

    private func open() {
        setState(.connecting)
        let started = MonotonicClock.now()
        let fd: Int32
        do {
            fd = try TCPSocket.connect(host: configuration.host, port: configuration.port, timeout: configuration.connectTimeout,
                                       wake: wake) { [shared] in shared.withLock { $0.stopping } }
        } catch {
            scheduleReconnect(after: error, wasConnected: false)
            return
        }
        var connection = Connection(fd: fd, phase: .awaitingConnAck(deadline: started + configuration.connectTimeout),
                                    lastPingAt: MonotonicClock.now())
        // The configuration was checked by MQTTClient.init; CONNECT always encodes.
        connection.output = (try? MQTTPacket.connect(configuration.connectPacket).encoded()) ?? []
        self.connection = connection
    }

    private func scheduleReconnect(after error: MQTTError, wasConnected: Bool) {
        let unit = Double(random.next() >> 11) * 0x1p-53
        nextAttempt = MonotonicClock.now() + configuration.reconnectBackoff.delay(attempt: failures, unit: unit)
        failures += 1
        setState(.waitingToReconnect)
        onEvent?(wasConnected ? .connectionLost(error) : .connectFailed(error))
    }

    /// Closes the connection after `error` and schedules the next attempt. In-flight
    /// messages stay in flight: they are resent after the next CONNACK.
    private func drop(_ error: MQTTError) {
        guard let connection else { return }
        close(connection.fd)
        self.connection = nil
        scheduleReconnect(after: error, wasConnected: connection.isConnected)
    }

    // MARK: - Timers and writing

    private func serviceTimers(now: Double) {
        guard var connection else { return }
        switch connection.phase {
        case .awaitingConnAck(let deadline):
            if now >= deadline { drop(MQTTError(.timedOut, "no CONNACK within \(configuration.connectTimeout) s")) }
            return
        case .connected:
            break
        }
        for (publish, message) in queue.takeSendable(now: now) {
            write(.publish(publish), into: &connection)
            if message.qos == .atMostOnce { complete(message, .success(())) }
        }
        for publish in queue.dueForRetry(now: now, interval: configuration.retryInterval) {
            write(.publish(publish), into: &connection)
            onEvent?(.resent(packetID: publish.packetID ?? 0, topic: publish.topic))
        }
        let keepAlive = Double(configuration.keepAlive)
        if keepAlive > 0 {
            if let sent = connection.pingSentAt, now - sent >= keepAlive {
                self.connection = connection
                drop(MQTTError(.timedOut, "no PINGRESP within the keep-alive of \(configuration.keepAlive) s"))
                return
            }
            if connection.pingSentAt == nil, now - connection.lastPingAt >= keepAlive / 2 {
                write(.pingReq, into: &connection)
                connection.pingSentAt = now
                connection.lastPingAt = now
            }
        }
        self.connection = connection
    }

    private func write(_ packet: MQTTPacket, into connection: inout Connection) {
        // Packets here are built from validated parts; one that fails to encode is a bug
        // that must not take the process down, so it is skipped.
        guard let bytes = try? packet.encoded() else { return }
        connection.output.append(contentsOf: bytes)
    }

    /// Writes as much pending output as the socket takes.
    private func flush() {
        guard var connection, !connection.output.isEmpty else { return }
        var written = 0
        var failure: MQTTError?
        connection.output.withUnsafeBytes { bytes in
            while written < bytes.count {
                switch TCPSocket.send(connection.fd, UnsafeRawBufferPointer(rebasing: bytes[written...])) {
                case .bytes(let n): written += n
                case .wouldBlock: return
                case .endOfStream: failure = MQTTError(.io, "the broker closed the connection"); return
                case .failed(let code): failure = MQTTError(.io, "send failed: \(String(cString: strerror(code)))"); return
                }
            }
        }
        connection.output.removeFirst(written)
        self.connection = connection
        if let failure { drop(failure) }
    }

    // MARK: - Waiting and reading

    private func nextWake(now: Double, stopping: Bool, drainDeadline: Double) -> Double {
        var wake = now + 1
        if let connection {
            switch connection.phase {
            case .awaitingConnAck(let deadline): wake = min(wake, deadline)
            case .connected:
                if let retry = queue.nextRetry(interval: configuration.retryInterval) { wake = min(wake, retry) }
                if configuration.keepAlive > 0 {
                    let keepAlive = Double(configuration.keepAlive)
                    wake = min(wake, connection.pingSentAt.map { $0 + keepAlive } ?? connection.lastPingAt + keepAlive / 2)
                }
            }
        } else if !stopping {
            wake = min(wake, nextAttempt)
        }
        if stopping { wake = min(wake, drainDeadline) }
        return max(0, wake - now)
    }

    private func waitForActivity(timeout: Double) {
        var fds = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        if let connection {
            fds.append(pollfd(fd: connection.fd, events: Int16(POLLIN) | (connection.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
        }
        // Rounded up so the loop does not spin through the last partial millisecond.
        let ready = poll(&fds, nfds_t(fds.count), Int32((timeout * 1_000).rounded(.up)))
        guard ready > 0 else { return }
        if fds[0].revents != 0 { wake.drain() }
        if fds.count > 1, fds[1].revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
            readAvailable()
        }
    }

    private func readAvailable() {
        while let connection {
            let result = readBuffer.withUnsafeMutableBytes { TCPSocket.receive(connection.fd, into: $0) }
            switch result {
            case .bytes(let count):
                self.connection?.decoder.append(readBuffer[0..<count])
                decodeAvailable()
            case .wouldBlock:
                return
            case .endOfStream:
                drop(MQTTError(.io, "the broker closed the connection"))
                return
            case .failed(let code):
                drop(MQTTError(.io, "receive failed: \(String(cString: strerror(code)))"))
                return
            }
        }
    }

    private func decodeAvailable() {
        while connection != nil {
            let packet: MQTTPacket?
            do {
                packet = try connection?.decoder.next()
            } catch {
                drop(error)
                return
            }
            guard let packet else { return }
            handle(packet)
        }
    }

    private func handle(_ packet: MQTTPacket) {
        guard var connection else { return }
        let now = MonotonicClock.now()
        switch (packet, connection.phase) {
        case (.connAck(let ack), .awaitingConnAck):
            guard ack.returnCode == .accepted else {
                let error = MQTTError(.connectionRefused, "the broker refused the connection: \(ack.returnCode.reason)",
                                      returnCode: ack.returnCode)
                close(connection.fd)
                self.connection = nil
                scheduleReconnect(after: error, wasConnected: false)
                return
            }
            connection.phase = .connected
            connection.lastPingAt = now
            failures = 0
            for publish in queue.resendAll(now: now) {
                write(.publish(publish), into: &connection)
                onEvent?(.resent(packetID: publish.packetID ?? 0, topic: publish.topic))
            }
            if let availability = configuration.availability {
                queue.enqueue(OutboundQueue.Message(ticket: 0, topic: availability.topic, payload: Array(availability.online.utf8),
                                                    retain: true, qos: .atLeastOnce), atFront: true)
            }
            self.connection = connection
            setState(.connected)
            onEvent?(.connected(sessionPresent: ack.sessionPresent))
        case (.pubAck(let packetID), .connected):
            if let message = queue.acknowledge(packetID) { complete(message, .success(())) }
        case (.pingResp, .connected):
            connection.pingSentAt = nil
            self.connection = connection
        case (.publish(let publish), .connected):
            // Nothing is subscribed, but a broker may deliver what an earlier session with
            // this client id subscribed to; acknowledge so it stops resending, and ignore it.
            if publish.qos == .atLeastOnce, let packetID = publish.packetID {
                write(.pubAck(packetID: packetID), into: &connection)
                self.connection = connection
            }
        default:
            drop(MQTTError(.malformed, "the broker sent an unexpected packet"))
        }
    }

    // MARK: - Shutdown

    /// Says goodbye if connected, closes, fails what is undelivered and wakes `shutdown`.
    private func finish() {
        if var connection, connection.isConnected {
            if let availability = configuration.availability {
                write(.publish(MQTTPacket.Publish(topic: availability.topic, payload: Array(availability.offline.utf8),
                                                  qos: .atMostOnce, retain: true)), into: &connection)
            }
            write(.disconnect, into: &connection)
            self.connection = connection
            flushBeforeClosing(deadline: MonotonicClock.now() + 1)
        }
        if let connection { close(connection.fd) }
        connection = nil
        // Their callers are among the waiters failed below.
        _ = queue.removeAll()
        let (waiters, stopWaiters) = shared.withLock { shared in
            shared.stopped = true
            shared.state = .stopped
            shared.submitted = []
            shared.pending = 0
            defer {
                shared.waiters = [:]
                shared.stopWaiters = []
            }
            return (Array(shared.waiters.values), shared.stopWaiters)
        }
        for waiter in waiters { waiter.resume(returning: .failure(MQTTError(.closed, "the client shut down before delivery"))) }
        for waiter in stopWaiters { waiter.resume() }
    }

    /// Writes the goodbye within `deadline`, waiting for the socket when it is full.
    private func flushBeforeClosing(deadline: Double) {
        while let connection, !connection.output.isEmpty, MonotonicClock.now() < deadline {
            flush()
            guard let pending = self.connection, !pending.output.isEmpty else { return }
            var fds = [pollfd(fd: pending.fd, events: Int16(POLLOUT), revents: 0)]
            _ = poll(&fds, 1, 100)
        }
    }
}
