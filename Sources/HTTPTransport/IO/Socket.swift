#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Thin wrappers over the POSIX socket calls the server uses. Every call retries `EINTR`
/// and reports `EAGAIN` as `.wouldBlock` so that callers can wait on the reactor instead.
enum Socket {
    /// The outcome of one `recv` / `send`.
    enum IOResult {
        case bytes(Int)
        case endOfStream
        case wouldBlock
        case failed(Int32)
    }

    /// The outcome of one `accept4`.
    enum AcceptResult {
        case accepted(fd: Int32, address: String)
        case wouldBlock
        /// Out of descriptors or memory: the caller backs off instead of spinning.
        case exhausted(Int32)
        /// A per-connection failure (the peer reset before accept); try the next one.
        case retry
        case failed(Int32)
    }

    /// Resolves `host` with `getaddrinfo`, binds the first address that works, listens, and
    /// returns the non-blocking listener and the bound port.
    static func makeListener(host: String, port: Int, backlog: Int32) throws(HTTPServerError) -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .addressResolution(host: host, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError = HTTPServerError.addressResolution(host: host, message: "no usable address")
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                            info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = .socket(call: "socket", errno: errno); continue }
            var one: Int32 = 1
            // Restarting the server must not wait for TIME_WAIT sockets of the old one.
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
                lastError = .socket(call: "bind", errno: errno)
                Glibc.close(fd)
                continue
            }
            if listen(fd, backlog) != 0 {
                lastError = .socket(call: "listen", errno: errno)
                Glibc.close(fd)
                continue
            }
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let boundPort = withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> Int in
                    guard getsockname(fd, address, &length) == 0 else { return port }
                    return Socket.port(of: pointer)
                }
            }
            return (fd, boundPort)
        }
        throw lastError
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec descriptor with
    /// `TCP_NODELAY` (responses are written whole, so Nagle only adds latency).
    static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let fd = withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    // accept4(2) is a GNU extension that Glibc's Swift module does not expose;
                    // CLinux declares it. It saves two `fcntl` calls per connection.
                    accept4(listener, address, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
            if fd >= 0 {
                var one: Int32 = 1
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return .accepted(fd: fd, address: address(of: &storage))
            }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted(code)
            case ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH:
                // accept(2): these are errors of the pending connection, not of the listener.
                return .retry
            default: return .failed(code)
            }
        }
    }

    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfStream }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            return .failed(code)
        }
    }

    /// `MSG_NOSIGNAL`: a peer that went away must produce `EPIPE`, not kill the process.
    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { return .bytes(n) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            return .failed(code)
        }
    }

    /// Closes a descriptor. `EINTR` is not retried: on Linux the descriptor is released
    /// even then, and a retry could close a descriptor another thread just got.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    static func shutdownWrite(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    static func shutdownBoth(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    private static func port(of storage: UnsafeMutablePointer<sockaddr_storage>) -> Int {
        switch Int32(storage.pointee.ss_family) {
        case AF_INET:
            return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        case AF_INET6:
            return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
        default:
            return 0
        }
    }

    /// The IP literal of a peer address (`inet_ntop`).
    static func address(of storage: inout sockaddr_storage) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let ok: Bool = withUnsafeMutablePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    inet_ntop(AF_INET, &v4.pointee.sin_addr, &text, socklen_t(text.count)) != nil
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    inet_ntop(AF_INET6, &v6.pointee.sin6_addr, &text, socklen_t(text.count)) != nil
                }
            default:
                return false
            }
        }
        guard ok else { return "" }
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
