#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking HTTP/1.1 keep-alive client for the benchmarks. It runs on its own
/// threads (never on Swift's cooperative pool) and understands exactly what this
/// server sends: a status line, headers and a `Content-Length` body.
final class BenchHTTPClient {
    struct ClientError: Error, CustomStringConvertible { var description: String }

    private var fd: Int32 = -1
    private var buffer: [UInt8] = []
    let host: String
    let port: Int

    init(host: String = "127.0.0.1", port: Int) throws {
        self.host = host
        self.port = port
        try connect()
    }

    deinit { if fd >= 0 { close(fd) } }

    private func connect() throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket() failed") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw ClientError(description: "connect to \(host):\(port) failed (errno \(errno))") }
    }

    /// Sends one request and returns the status and body.
    func send(method: String, path: String, token: String?, body: [UInt8] = []) throws -> (status: Int, body: [UInt8]) {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        try writeAll(Array(head.utf8) + body)
        return try readResponse()
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 { if errno == EINTR { continue }; throw ClientError(description: "send failed (errno \(errno))") }
            offset += n
        }
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

    private func readResponse() throws -> (status: Int, body: [UInt8]) {
        var headEnd: Int?
        while headEnd == nil {
            if buffer.count >= 4 {
                for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                    headEnd = i
                    break
                }
            }
            if headEnd == nil { try fill() }
        }
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        var length = 0
        for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst("content-length:".count).trimmingPrefixSpaces()) ?? 0
        }
        let bodyStart = headEnd! + 4
        while buffer.count < bodyStart + length { try fill() }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return (status, body)
    }
}

private extension Substring {
    func trimmingPrefixSpaces() -> Substring { drop { $0 == " " } }
}
