#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Locking
import MQTT

/// An in-process MQTT broker on 127.0.0.1 (port 0: the kernel picks one) that records every
/// packet it receives and answers by a script: it can refuse CONNECT, drop the first PUBACK
/// of a topic, cut the connection on a topic's first PUBLISH, or leave PINGREQ unanswered.
/// Blocking sockets on threads of its own; it never touches the cooperative pool.
final class FakeBroker: Sendable {
    struct Script: Sendable {
        var returnCode: ConnectReturnCode = .accepted
        /// Do not acknowledge the first QoS 1 PUBLISH on this topic.
        var dropFirstPubAckOn: String?
        /// Close the connection, unacknowledged, on the first PUBLISH on this topic.
        var disconnectOnFirstPublishTo: String?
        var answerPings = true
    }

    /// One packet and the connection (numbered from 1) it came on.
    struct Received: Sendable {
        var connection: Int
        var packet: MQTTPacket
    }

    private struct State {
        var received: [Received] = []
        var connections = 0
        var droppedAck = false
        var disconnected = false
        var open: [Int32] = []
        var stopped = false
    }

    let port: Int
    private let listener: Int32
    private let script: Script
    private let state = Locked(State())

    init(_ script: Script = Script()) throws {
        self.script = script
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        guard listener >= 0 else { throw MQTTError(.io, "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw MQTTError(.io, "bind/listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Every packet received so far.
    var received: [Received] {
        state.withLock { $0.received }
    }

    /// The PUBLISH packets received, with their connection.
    var publishes: [(connection: Int, publish: MQTTPacket.Publish)] {
        received.compactMap { entry in
            if case .publish(let publish) = entry.packet { return (entry.connection, publish) }
            return nil
        }
    }

    var connectionCount: Int {
        state.withLock { $0.connections }
    }

    /// Waits (without blocking a thread) until `condition` holds, at most 60 s; whether it did.
    func wait(until condition: (FakeBroker) -> Bool) async -> Bool {
        for _ in 0..<3_000 {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(self)
    }

    /// Closes the listener and every connection; their threads end.
    func stop() {
        let fds = state.withLock { state in
            state.stopped = true
            return state.open
        }
        for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let number: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                state.connections += 1
                state.open.append(fd)
                return state.connections
            }
            guard let number else {
                close(fd)
                continue
            }
            let thread = Thread { [self] in serve(fd, number: number) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32, number: Int) {
        defer {
            state.withLock { $0.open.removeAll { $0 == fd } }
            close(fd)
        }
        var decoder = MQTTPacketDecoder(maximumPacketSize: 1 << 24)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            decoder.append(buffer[0..<n])
            do {
                while let packet = try decoder.next() {
                    guard respond(to: packet, on: fd, number: number) else { return }
                }
            } catch {
                return
            }
        }
    }

    /// Records and answers one packet; false to close the connection.
    private func respond(to packet: MQTTPacket, on fd: Int32, number: Int) -> Bool {
        state.withLock { $0.received.append(Received(connection: number, packet: packet)) }
        switch packet {
        case .connect:
            send(.connAck(.init(sessionPresent: false, returnCode: script.returnCode)), on: fd)
            return script.returnCode == .accepted
        case .publish(let publish):
            if publish.topic == script.disconnectOnFirstPublishTo {
                let first = state.withLock { state in
                    defer { state.disconnected = true }
                    return !state.disconnected
                }
                if first { return false }
            }
            guard publish.qos == .atLeastOnce, let packetID = publish.packetID else { return true }
            if publish.topic == script.dropFirstPubAckOn {
                let drop = state.withLock { state in
                    defer { state.droppedAck = true }
                    return !state.droppedAck
                }
                if drop { return true }
            }
            send(.pubAck(packetID: packetID), on: fd)
            return true
        case .pingReq:
            if script.answerPings { send(.pingResp, on: fd) }
            return true
        case .disconnect:
            return false
        default:
            return true
        }
    }

    private func send(_ packet: MQTTPacket, on fd: Int32) {
        guard let bytes = try? packet.encoded() else { return }
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
