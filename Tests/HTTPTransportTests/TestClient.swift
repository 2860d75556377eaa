#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import HTTPTransport

/// A response as a raw client sees it.
struct TestResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A small blocking client that sends raw bytes and reads raw responses, and can tell a
/// closed connection from one that is merely quiet. Used on plain threads only (see
/// `onThread`), never on the cooperative pool.
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects (blocking); nil when the connection is refused.
    init?(port: Int, host: String = "127.0.0.1") {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else { return nil }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    /// Every byte until the server closes the connection (or `timeout` passes).
    func readToEnd(timeout: Double = 10) -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        while fill(until: deadline) {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads more bytes into the buffer; false on end of stream, reset or timeout.
    private func fill(until deadline: Date) -> Bool {
        var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            let ready = poll(&pollFD, 1, Int32(max(1, remaining * 1000)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return false }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
    }

    /// Reads one response. `head` means the request was HEAD (no content follows).
    func readResponse(head: Bool = false, timeout: Double = 10) -> TestResponse? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var headEnd: Int?
        while headEnd == nil {
            if let range = findHeadEnd() { headEnd = range; break }
            guard fill(until: deadline) else { return nil }
        }
        let headBytes = Array(buffer[0..<headEnd!])
        let text = String(decoding: headBytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let headers = lines.map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "")
        }
        buffer.removeFirst(headEnd! + 4)
        var response = TestResponse(status: status, headers: headers, body: [])
        if head || status < 200 || status == 204 || status == 304 { return response }
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
            guard fill(until: deadline) else { return nil }
        }
        response.body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return response
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// Whether the server closed the connection (end of stream or reset) within `timeout`
    /// seconds. Bytes that arrive meanwhile are kept in `unreadBytes`.
    func isClosedByPeer(within timeout: Double = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            let ready = poll(&pollFD, 1, Int32(max(1, remaining * 1000)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return false }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 {
                if errno == EINTR { continue }
                return true
            }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    var unreadBytes: [UInt8] { buffer }

    /// Sends a simple GET and reads its response: the proof that a connection is still usable.
    func roundTrip(_ path: String = "/ping") -> TestResponse? {
        send("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n")
        return readResponse()
    }
}

/// Runs blocking client code on a fresh thread so the cooperative pool stays free for the server.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Open descriptors of this process.
func openDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// What the open descriptors are, for failure messages.
func openDescriptorTargets() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    // A link that cannot be read is the directory being listed, closed meanwhile.
    return names.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.compactMap { name in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")).map { "\(name)->" + $0 }
    }
}

/// Inodes of the TCP sockets (this network namespace) whose local or remote port is `port`,
/// or of every TCP socket when `port` is nil.
func tcpSocketInodes(port: Int?) -> Set<String> {
    var inodes: Set<String> = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ")
            guard columns.count > 9 else { continue }
            let local = columns[1].split(separator: ":").last.flatMap { Int($0, radix: 16) }
            let remote = columns[2].split(separator: ":").last.flatMap { Int($0, radix: 16) }
            if port == nil || local == port || remote == port { inodes.insert(String(columns[9])) }
        }
    }
    return inodes
}

/// This process's descriptors that are TCP sockets on `port` (server side or client side).
func openSocketDescriptors(port: Int) -> [String] {
    let inodes = tcpSocketInodes(port: port)
    return openDescriptorTargets().filter { entry in
        guard let range = entry.range(of: "socket:[") else { return false }
        return inodes.contains(String(entry[range.upperBound...].dropLast()))
    }
}

/// Descriptors opened since `before` that may belong to the server on `port`: everything
/// except files, pipes, Unix, UDP, raw and netlink sockets and TCP sockets of other ports (tests of other targets
/// may run in parallel). A TCP socket that finished its close handshake but was never
/// closed is in no table any more, so it counts.
func possiblyOwnNewDescriptors(since before: [String], port: Int) -> [String] {
    let beforeSet = Set(before)
    let otherTCP = tcpSocketInodes(port: nil).subtracting(tcpSocketInodes(port: port))
    var unix: Set<String> = []
    if let text = try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8) {
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ")
            if columns.count > 6 { unix.insert(String(columns[6])) }
        }
    }
    // UDP, raw and netlink sockets (a resolver's, a URL session's) are never the server's.
    for table in ["/proc/net/udp", "/proc/net/udp6", "/proc/net/raw", "/proc/net/raw6"] {
        guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ")
            if columns.count > 9 { unix.insert(String(columns[9])) }
        }
    }
    if let text = try? String(contentsOfFile: "/proc/net/netlink", encoding: .utf8) {
        for line in text.split(separator: "\n").dropFirst() {
            if let inode = line.split(separator: " ").last { unix.insert(String(inode)) }
        }
    }
    return openDescriptorTargets().filter { entry in
        if beforeSet.contains(entry) || entry.contains("->/") || entry.contains("pipe:") { return false }
        if let range = entry.range(of: "socket:[") {
            let inode = String(entry[range.upperBound...].dropLast())
            return !otherTCP.contains(inode) && !unix.contains(inode)
        }
        return true
    }
}
