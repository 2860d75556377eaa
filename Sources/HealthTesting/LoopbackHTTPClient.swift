#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking HTTP/1.1 keep-alive client over loopback, for the benchmarks and
/// the end-to-end tests. It runs on its own threads (never on Swift's cooperative pool:
/// see ``blocking(_:)``) and reads what this server sends: a status line, headers, a
/// `Content-Length` body.
public final class LoopbackHTTPClient {
    /// A socket call failed, or the server closed the connection mid-response.
    public struct ClientError: Error, CustomStringConvertible {
        /// What failed.
        public var description: String
        /// An error saying `description`.
        public init(description: String) { self.description = description }
    }

    /// One response: status, headers in arrival order, and the body.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, in the order they arrived.
        public var headers: [(name: String, value: String)]
        /// The body (empty for HEAD, 1xx, 204 and 304).
        public var body: [UInt8]
        /// The first header of that name (compared case-insensitively).
        public func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    private var fd: Int32 = -1
    private var buffer: [UInt8] = []
    /// The server's address.
    public let host: String
    /// The server's port.
    public let port: Int

    /// Connects to `host:port`.
    /// - Parameter timeoutSeconds: receive timeout, so a test never hangs on a silent server.
    public init(host: String = "127.0.0.1", port: Int, timeoutSeconds: Int = 30) throws {
        self.host = host
        self.port = port
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket() failed") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            fd = -1
            throw ClientError(description: "connect to \(host):\(port) failed (errno \(errno))")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Sends one request and reads its response.
    public func send(method: String, path: String, token: String? = nil, headers: [(String, String)] = [], body: [UInt8] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        try sendRaw(Array(head.utf8) + body)
        return try readResponse(method: method)
    }

    /// Writes bytes as they are.
    public func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 { if errno == EINTR { continue }; throw ClientError(description: "send failed (errno \(errno))") }
            offset += n
        }
    }

    /// Waits until something can be read — data or the peer's close — without reading it.
    public func waitForReadable(seconds: Double) -> Bool {
        if !buffer.isEmpty { return true }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&pfd, 1, Int32(seconds * 1000))
            if ready < 0, errno == EINTR { continue }
            return ready != 0
        }
    }

    /// Waits until the peer closes (true) or `seconds` pass with the connection open (false).
    public func waitForClose(seconds: Double) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = Self.monotonicSeconds() + seconds
        while true {
            let remaining = Int32(max(0, (deadline - Self.monotonicSeconds()) * 1000))
            let ready = poll(&pfd, 1, remaining)
            if ready == 0 { return false }
            if ready < 0 { if errno == EINTR { continue }; return true }
            var byte: UInt8 = 0
            let n = recv(fd, &byte, 1, Int32(MSG_PEEK))
            if n == 0 || n < 0 { return true }
            // Data is waiting (an unread response): drain it and keep waiting.
            _ = recv(fd, &byte, 1, 0)
        }
    }

    private static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65_536, 0) }
            if n < 0 { if errno == EINTR { continue }; throw ClientError(description: "recv failed (errno \(errno))") }
            if n == 0 { throw ClientError(description: "server closed the connection") }
            buffer += chunk[0..<n]
            return
        }
    }

    /// Reads one response; a HEAD response has no body whatever its Content-Length says.
    public func readResponse(method: String = "GET") throws -> Response {
        var headEnd: Int?
        var searchFrom = 0
        while headEnd == nil {
            if buffer.count >= 4 {
                for i in searchFrom...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                    headEnd = i
                    break
                }
                searchFrom = max(0, buffer.count - 3)
            }
            if headEnd == nil { try fill() }
        }
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines.first?.split(separator: " ") ?? []
        let status = statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0
        var headers: [(name: String, value: String)] = []
        var length = 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...].drop { $0 == " " })
            headers.append((name, value))
            if name.lowercased() == "content-length" { length = Int(value) ?? 0 }
        }
        if method == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status) { length = 0 }
        let bodyStart = headEnd! + 4
        while buffer.count < bodyStart + length { try fill() }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return Response(status: status, headers: headers, body: body)
    }
}
