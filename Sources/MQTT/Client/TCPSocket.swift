#if canImport(Glibc)
import Glibc
#endif

/// The few socket calls the client needs, on non-blocking descriptors.
enum TCPSocket {
    /// The outcome of one `recv` or `send`.
    enum IOResult {
        case bytes(Int)
        case endOfStream
        case wouldBlock
        case failed(Int32)
    }

    /// Connects to `host:port`, trying each resolved address until one answers, within
    /// `timeout` seconds overall. While waiting it also watches `wake`; when `abort` says so
    /// after a wake-up (shutdown), it gives up. Runs on the client's own thread: the
    /// resolver may block there, never on the cooperative pool.
    static func connect(host: String, port: Int, timeout: Double, wake: WakePipe,
                        abort: () -> Bool) throws(MQTTError) -> Int32 {
        let deadline = MonotonicClock.now() + timeout
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw MQTTError(.io, "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = MQTTError(.io, "no address of \(host) answered")
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family,
                            info.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                            info.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = MQTTError(.io, "socket() failed (errno \(errno))")
                continue
            }
            var one: Int32 = 1
            // PUBLISH packets are written whole; Nagle would only hold back the acknowledgements' peers.
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
            guard errno == EINPROGRESS else {
                lastError = MQTTError(.io, "cannot connect to \(host):\(port) (errno \(errno))")
                close(fd)
                continue
            }
            switch waitForConnect(fd, deadline: deadline, wake: wake, abort: abort) {
            case .connected:
                return fd
            case .failed(let error):
                close(fd)
                if error.kind == .timedOut || error.kind == .closed { throw error }
                lastError = MQTTError(.io, "cannot connect to \(host):\(port): \(error.message)")
            }
        }
        throw lastError
    }

    private enum ConnectOutcome {
        case connected
        case failed(MQTTError)
    }

    private static func waitForConnect(_ fd: Int32, deadline: Double, wake: WakePipe, abort: () -> Bool) -> ConnectOutcome {
        while true {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return .failed(MQTTError(.timedOut, "the TCP connection timed out")) }
            var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(min(remaining, 1) * 1_000) + 1)
            if ready < 0, errno != EINTR { return .failed(MQTTError(.io, "poll failed (errno \(errno))")) }
            if fds[1].revents != 0 {
                // Drained here, or a submission's wake-up would spin this loop until connected;
                // the client's loop takes submissions on every pass anyway.
                wake.drain()
                if abort() { return .failed(MQTTError(.closed, "the client is shutting down")) }
            }
            guard fds[0].revents != 0 else { continue }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
                return .failed(MQTTError(.io, "getsockopt failed (errno \(errno))"))
            }
            if error == 0 { return .connected }
            return .failed(MQTTError(.io, String(cString: strerror(error))))
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

    /// `MSG_NOSIGNAL`: a broker that went away must produce `EPIPE`, not kill the process.
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
}
