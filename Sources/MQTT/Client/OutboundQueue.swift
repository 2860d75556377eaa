/// The client's delivery state, without I/O: messages waiting to be sent, QoS 1 messages in
/// flight under their packet identifiers, and which of them are due for a resend. The
/// client's loop drives it with the current time, so its rules are tested without sockets.
struct OutboundQueue {
    /// A message accepted from the application.
    struct Message: Equatable {
        /// Identifies the caller waiting for the outcome; 0 for the client's own messages.
        var ticket: UInt64
        var topic: String
        var payload: [UInt8]
        var retain: Bool
        var qos: QoS
    }

    /// A QoS 1 message sent and not yet acknowledged.
    struct InFlight: Equatable {
        var message: Message
        var packetID: UInt16
        /// When it was last written (monotonic seconds).
        var sentAt: Double
        /// How many times it was written.
        var sends: Int
    }

    let maxInFlight: Int
    private var waiting: [Message] = []
    private var head = 0
    private(set) var inFlight: [UInt16: InFlight] = [:]
    /// In-flight packet identifiers in the order they were first sent (resends keep it).
    private var order: [UInt16] = []
    private var lastPacketID: UInt16 = 0

    init(maxInFlight: Int) {
        self.maxInFlight = max(1, maxInFlight)
    }

    /// Messages waiting plus messages in flight.
    var count: Int { waiting.count - head + inFlight.count }
    var isEmpty: Bool { count == 0 }

    /// Adds a message behind the others, or before them (the availability `online`).
    mutating func enqueue(_ message: Message, atFront: Bool = false) {
        if atFront {
            compact()
            waiting.insert(message, at: 0)
        } else {
            waiting.append(message)
        }
    }

    /// The messages that may be written now, in order: QoS 0 ones freely, QoS 1 ones while
    /// fewer than `maxInFlight` are unacknowledged. A QoS 1 message that must wait holds
    /// back those behind it, so the broker sees them in the order they were published.
    mutating func takeSendable(now: Double) -> [(publish: MQTTPacket.Publish, message: Message)] {
        var out: [(MQTTPacket.Publish, Message)] = []
        while head < waiting.count {
            let message = waiting[head]
            switch message.qos {
            case .atMostOnce:
                out.append((MQTTPacket.Publish(topic: message.topic, payload: message.payload, qos: .atMostOnce,
                                               retain: message.retain), message))
            case .atLeastOnce:
                guard inFlight.count < maxInFlight else {
                    compact()
                    return out
                }
                let packetID = allocatePacketID()
                inFlight[packetID] = InFlight(message: message, packetID: packetID, sentAt: now, sends: 1)
                order.append(packetID)
                out.append((MQTTPacket.Publish(topic: message.topic, payload: message.payload, qos: .atLeastOnce,
                                               retain: message.retain, dup: false, packetID: packetID), message))
            }
            head += 1
        }
        compact()
        return out
    }

    /// Ends the flight of `packetID`: the message, or nil for an identifier not in flight
    /// (a late PUBACK for a resend that was already acknowledged).
    mutating func acknowledge(_ packetID: UInt16) -> Message? {
        guard let entry = inFlight.removeValue(forKey: packetID) else { return nil }
        order.removeAll { $0 == packetID }
        return entry.message
    }

    /// The in-flight messages whose PUBACK is more than `interval` seconds overdue, as
    /// resends with the DUP flag and the same packet identifier; their clocks restart.
    mutating func dueForRetry(now: Double, interval: Double) -> [MQTTPacket.Publish] {
        var out: [MQTTPacket.Publish] = []
        for packetID in order {
            guard var entry = inFlight[packetID], now - entry.sentAt >= interval else { continue }
            entry.sentAt = now
            entry.sends += 1
            inFlight[packetID] = entry
            out.append(Self.resend(entry))
        }
        return out
    }

    /// After a reconnect: every in-flight message again, in order, with the DUP flag
    /// (MQTT 3.1.1 §4.4: the broker may have received them before the connection broke).
    mutating func resendAll(now: Double) -> [MQTTPacket.Publish] {
        order.compactMap { packetID in
            guard var entry = inFlight[packetID] else { return nil }
            entry.sentAt = now
            entry.sends += 1
            inFlight[packetID] = entry
            return Self.resend(entry)
        }
    }

    /// When the next in-flight message becomes due for a resend.
    func nextRetry(interval: Double) -> Double? {
        inFlight.values.map { $0.sentAt + interval }.min()
    }

    /// Empties the queue (shutdown) and returns every message still undelivered.
    mutating func removeAll() -> [Message] {
        let undelivered = order.compactMap { inFlight[$0]?.message } + waiting[head...]
        waiting = []
        head = 0
        inFlight = [:]
        order = []
        return undelivered
    }

    /// The next identifier after the last one that is not in flight; 0 is reserved.
    private mutating func allocatePacketID() -> UInt16 {
        repeat {
            lastPacketID = lastPacketID == UInt16.max ? 1 : lastPacketID + 1
        } while inFlight[lastPacketID] != nil
        return lastPacketID
    }

    private mutating func compact() {
        if head > 0 {
            waiting.removeFirst(head)
            head = 0
        }
    }

    private static func resend(_ entry: InFlight) -> MQTTPacket.Publish {
        MQTTPacket.Publish(topic: entry.message.topic, payload: entry.message.payload, qos: .atLeastOnce,
                           retain: entry.message.retain, dup: true, packetID: entry.packetID)
    }
}
