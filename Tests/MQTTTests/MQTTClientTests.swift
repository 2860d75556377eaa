import Locking
import MQTT
import Testing

/// The client against the in-process ``FakeBroker``: delivery despite a lost PUBACK or a
/// cut connection, the will and availability, keep-alive, refusals, shutdown.
@Suite struct MQTTClientTests {
    /// A client for `broker` with short timers, and the events it reports.
    static func client(_ broker: FakeBroker, configure: (inout MQTTClientConfiguration) -> Void = { _ in })
        throws -> (MQTTClient, Locked<[MQTTClient.Event]>) {
        var configuration = MQTTClientConfiguration(host: "127.0.0.1", port: broker.port, clientID: "healthd-test")
        configuration.retryInterval = 0.3
        configuration.reconnectBackoff = ReconnectBackoff(initial: 0.05, maximum: 0.2)
        configure(&configuration)
        let events = Locked<[MQTTClient.Event]>([])
        let client = try MQTTClient(configuration: configuration) { event in events.withLock { $0.append(event) } }
        return (client, events)
    }

    /// Runs `body`, shutting the client down after 60 s so that a broken delivery fails the
    /// test with `closed` instead of hanging it.
    static func withWatchdog(_ client: MQTTClient, _ body: () async throws -> Void) async throws {
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            await client.shutdown(drainTimeout: 0)
        }
        defer { watchdog.cancel() }
        try await body()
    }

    @Test func lostPubAckIsResentWithDupAndTheSamePacketID() async throws {
        let broker = try FakeBroker(.init(dropFirstPubAckOn: "healthd/steps"))
        defer { broker.stop() }
        let (client, events) = try Self.client(broker)
        client.start()
        try await Self.withWatchdog(client) {
            try await client.publish(topic: "healthd/steps", payload: "8123", retain: true)
        }
        let sent = broker.publishes.filter { $0.publish.topic == "healthd/steps" }.map(\.publish)
        #expect(sent.count == 2)
        #expect(sent.first?.dup == false && sent.last?.dup == true)
        #expect(sent.first?.packetID != nil && sent.first?.packetID == sent.last?.packetID)
        #expect(sent.allSatisfy { $0.payload == Array("8123".utf8) && $0.retain && $0.qos == .atLeastOnce })
        #expect(broker.connectionCount == 1)
        #expect(events.withLock { $0 }.contains(.resent(packetID: sent[0].packetID!, topic: "healthd/steps")))
        #expect(client.state == .connected)
        await client.shutdown()
        #expect(client.state == .stopped)
        #expect(await broker.wait { $0.received.last?.packet == .disconnect })
    }

    @Test func aCutConnectionIsReconnectedAndTheMessageResent() async throws {
        let broker = try FakeBroker(.init(disconnectOnFirstPublishTo: "healthd/sleep"))
        defer { broker.stop() }
        let (client, events) = try Self.client(broker) { $0.retryInterval = 30 }
        client.start()
        try await Self.withWatchdog(client) {
            try await client.publish(topic: "healthd/sleep", payload: "7.5")
        }
        let sent = broker.publishes.filter { $0.publish.topic == "healthd/sleep" }
        #expect(sent.map(\.connection) == [1, 2])
        #expect(sent.map(\.publish.dup) == [false, true])
        #expect(sent[0].publish.packetID == sent[1].publish.packetID)
        #expect(events.withLock { $0 }.contains { if case .connectionLost = $0 { return true } else { return false } })
        #expect(broker.received.filter { if case .connect = $0.packet { return true } else { return false } }.count == 2)
        await client.shutdown()
    }

    @Test func willAvailabilityAndCredentials() async throws {
        let broker = try FakeBroker()
        defer { broker.stop() }
        let (client, _) = try Self.client(broker) { configuration in
            configuration.availability = MQTTAvailability(topic: "healthd/status")
            configuration.userName = "ha"
            configuration.password = "secret"
            configuration.keepAlive = 30
        }
        client.start()
        #expect(await broker.wait { $0.publishes.contains { $0.publish.topic == "healthd/status" } })
        guard case .connect(let connect) = broker.received.first?.packet else {
            Issue.record("the first packet was not CONNECT")
            return
        }
        #expect(connect.clientID == "healthd-test" && connect.cleanSession && connect.keepAlive == 30)
        #expect(connect.will == MQTTPacket.Will(topic: "healthd/status", payload: Array("offline".utf8), retain: true, qos: .atLeastOnce))
        #expect(connect.userName == "ha" && connect.password == Array("secret".utf8))
        let online = try #require(broker.publishes.first?.publish)
        #expect(online.topic == "healthd/status" && online.payload == Array("online".utf8) && online.retain && online.qos == .atLeastOnce)
        try await Self.withWatchdog(client) {
            try await client.publish(topic: "healthd/steps", payload: "1", qos: .atMostOnce)
        }
        await client.shutdown()
        // The goodbye: `offline` retained, then DISCONNECT (which makes the broker drop the will).
        #expect(await broker.wait { $0.received.last?.packet == .disconnect })
        let tail = broker.received.suffix(2).map(\.packet)
        #expect(tail.first == .publish(.init(topic: "healthd/status", payload: Array("offline".utf8), qos: .atMostOnce, retain: true)))
        do {
            try await client.publish(topic: "healthd/steps", payload: "2")
            Issue.record("published after shutdown")
        } catch {
            #expect(error.kind == .closed)
        }
    }

    @Test func pingAtHalfTheKeepAlive() async throws {
        let broker = try FakeBroker()
        defer { broker.stop() }
        let (client, _) = try Self.client(broker) { $0.keepAlive = 1 }
        client.start()
        #expect(await broker.wait { $0.received.filter { $0.packet == .pingReq }.count >= 3 })
        #expect(broker.connectionCount == 1)
        #expect(client.state == .connected)
        await client.shutdown()
    }

    @Test func aBrokerThatStopsAnsweringPingsIsLeft() async throws {
        let broker = try FakeBroker(.init(answerPings: false))
        defer { broker.stop() }
        let (client, events) = try Self.client(broker) { $0.keepAlive = 1 }
        client.start()
        #expect(await broker.wait { $0.connectionCount >= 2 })
        let lost = events.withLock { $0 }.compactMap { event -> MQTTError? in
            if case .connectionLost(let error) = event { return error } else { return nil }
        }
        #expect(lost.first?.kind == .timedOut)
        await client.shutdown()
    }

    @Test func aRefusedConnectIsReportedAndRetried() async throws {
        let broker = try FakeBroker(.init(returnCode: .notAuthorized))
        defer { broker.stop() }
        let (client, events) = try Self.client(broker)
        client.start()
        #expect(await broker.wait { $0.connectionCount >= 2 })
        let failures = events.withLock { $0 }.compactMap { event -> MQTTError? in
            if case .connectFailed(let error) = event { return error } else { return nil }
        }
        #expect(failures.first?.kind == .connectionRefused)
        #expect(failures.first?.returnCode == .notAuthorized)
        #expect(client.state != .connected)
        await client.shutdown()
    }

    @Test func undeliveredMessagesFailOnShutdownAndTheQueueIsBounded() async throws {
        // A port nobody listens on: every attempt is refused.
        let broker = try FakeBroker()
        let port = broker.port
        broker.stop()
        var configuration = MQTTClientConfiguration(host: "127.0.0.1", port: port, clientID: "c")
        configuration.maxQueued = 2
        configuration.reconnectBackoff = ReconnectBackoff(initial: 0.05, maximum: 0.1)
        let client = try MQTTClient(configuration: configuration)
        client.start()
        // Nothing can be delivered, so both stay queued and the third is refused.
        try client.enqueue(topic: "a", payload: [1])
        try client.enqueue(topic: "b", payload: [2])
        do {
            try client.enqueue(topic: "c", payload: [3])
            Issue.record("a third message was accepted")
        } catch {
            #expect(error.kind == .queueFull)
        }
        await client.shutdown(drainTimeout: 0)

        // A caller still waiting when the client shuts down learns that it was not delivered.
        let other = try MQTTClient(configuration: configuration)
        other.start()
        let waiting = Task { () -> MQTTError? in
            do {
                try await other.publish(topic: "d", payload: [4])
                return nil
            } catch let error as MQTTError {
                return error
            } catch {
                return nil
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        await other.shutdown(drainTimeout: 0)
        #expect(await waiting.value?.kind == .closed)
        #expect(other.state == .stopped)
    }

    @Test func refusedConfigurationsAndTopics() async throws {
        var configuration = MQTTClientConfiguration(host: "127.0.0.1", port: 1, clientID: "c")
        configuration.password = "no user"
        #expect(throws: MQTTError.self) { try MQTTClient(configuration: configuration) }
        configuration.password = nil
        configuration.availability = MQTTAvailability(topic: "a/#")
        #expect(throws: MQTTError.self) { try MQTTClient(configuration: configuration) }
        configuration.availability = nil
        let client = try MQTTClient(configuration: configuration)
        do {
            try await client.publish(topic: "a/+", payload: "x")
            Issue.record("a wildcard topic was accepted")
        } catch {
            #expect(error.kind == .invalidArgument)
        }
        // Never started: shutdown returns at once.
        await client.shutdown()
        #expect(client.state == .stopped)
    }
}
