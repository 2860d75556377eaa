/// Serves one accepted connection: read → parse → handle → write, request after request.
///
/// Owned by exactly one task; it is the only code that reads, writes or closes its
/// descriptor. Requests are taken from the buffer one at a time, so pipelined requests are
/// answered in order (RFC 9112 §9.3.2): bytes after a request are the next request.
final class Connection {
    /// Why serving stops.
    enum Stop: Error {
        /// Close without a response (peer gone, idle timeout, shutdown of an idle connection).
        case silently
        /// Answer with an error response, then close.
        case respond(HTTPParseError, RequestHead?)
    }

    let fd: Int32
    let token: Reactor.Token
    let id: UInt64
    let context: ServerContext
    let remoteAddress: String
    let acceptedAt: Deadline

    /// Received bytes; `start` is where the unconsumed ones begin.
    var buffer: [UInt8] = []
    var start = 0
    /// The response being written, reused between requests.
    var output: [UInt8] = []
    let scratch: UnsafeMutableRawBufferPointer
    static let scratchSize = 16 * 1024
    /// Buffer capacity kept between requests; larger buffers are released.
    static let retainedCapacity = 256 * 1024

    init(fd: Int32, token: Reactor.Token, id: UInt64, context: ServerContext, remoteAddress: String, acceptedAt: Deadline) {
        self.fd = fd
        self.token = token
        self.id = id
        self.context = context
        self.remoteAddress = remoteAddress
        self.acceptedAt = acceptedAt
        self.scratch = .allocate(byteCount: Self.scratchSize, alignment: 16)
        buffer.reserveCapacity(4096)
        output.reserveCapacity(1024)
    }

    deinit {
        scratch.deallocate()
    }

    /// Serves requests until the connection ends, then closes it.
    func run() async {
        do {
            try await serve()
        } catch {
            switch error {
            case .silently:
                break
            case let .respond(failure, head):
                await respond(to: failure, head: head)
            }
        }
        finish()
    }

    /// Answers a connection over the cap with 503 and closes it.
    func reject() async {
        await respond(to: HTTPParseError(.serviceUnavailable, "too many connections"), head: nil, lingerSeconds: 1)
        finish()
    }

    private func serve() async throws(Stop) {
        let configuration = context.configuration
        var isFirst = true
        while true {
            compact()
            let headDeadline: Deadline
            if start == buffer.count {
                if isFirst {
                    // A new connection gets the head deadline counted from accept.
                    headDeadline = acceptedAt.adding(seconds: configuration.headDeadlineSeconds)
                    guard try await receive(until: headDeadline, onTimeout: Self.headTimeout) else { throw .silently }
                } else {
                    guard context.registry.markIdle(id) else { throw .silently }
                    // Closing an idle keep-alive connection is normal (RFC 9112 §9.8): no 408.
                    let received = try await receive(until: .after(seconds: configuration.idleTimeoutSeconds), onTimeout: .silently)
                    context.registry.markBusy(id)
                    guard received else { throw .silently }
                    headDeadline = .after(seconds: configuration.headDeadlineSeconds)
                }
            } else {
                headDeadline = isFirst ? acceptedAt.adding(seconds: configuration.headDeadlineSeconds)
                                       : .after(seconds: configuration.headDeadlineSeconds)
            }

            let head = try await receiveHead(until: headDeadline)
            let request: HTTPRequest
            var spooled: SpoolFile?
            if let spooling = configuration.uploadSpooling, spooling.accepts(head.method, String(head.path)) {
                if case let .length(length) = head.framing, length > spooling.maxBytes {
                    throw .respond(HTTPParseError(.contentTooLarge, "request content too large"), head)
                }
                // Refused before a byte of the body is read or written: no 100 Continue
                // was sent, and the connection closes after the answer.
                if let refusal = await context.handler.admit(head.makeRequest(body: [], remoteAddress: remoteAddress)) {
                    output.removeAll(keepingCapacity: output.capacity <= Self.retainedCapacity)
                    ResponseSerializer.serialize(refusal, omitContent: false, persistence: .close, chunkedStream: true, into: &output)
                    try await writeOutput()
                    await closeGracefully(lingerSeconds: 2)
                    throw .silently
                }
                let file = try await spoolBody(of: head)
                spooled = file
                request = head.makeRequest(body: [], bodyFile: file.path, remoteAddress: remoteAddress)
            } else {
                if case let .length(length) = head.framing, length > configuration.maxBodyBytes {
                    throw .respond(HTTPParseError(.contentTooLarge, "request content too large"), head)
                }
                let body = try await receiveBody(of: head)
                request = head.makeRequest(body: body, remoteAddress: remoteAddress)
            }
            let response = await context.handler.handle(request)
            // The handler moved the file if it keeps it; otherwise it goes now.
            spooled?.remove()

            // A streamed body to an HTTP/1.0 client has no chunked framing: its end is the
            // end of the connection.
            let streamsBody = response.stream != nil && response.status.allowsBody && head.method != .head
            let chunked = head.version != .http1_0
            let closing = !head.keepAlive || context.registry.isDraining || ResponseSerializer.asksToClose(response)
                || (streamsBody && !chunked)
            let persistence: ResponseSerializer.Persistence =
                closing ? .close : (head.version == .http1_0 ? .keepAliveAnnounced : .persistent)
            output.removeAll(keepingCapacity: output.capacity <= Self.retainedCapacity)
            ResponseSerializer.serialize(response, omitContent: head.method == .head, persistence: persistence,
                                         chunkedStream: chunked, into: &output)
            try await writeOutput()
            if streamsBody, let stream = response.stream {
                try await writeStream(stream, chunked: chunked)
            }
            if closing {
                await closeGracefully(lingerSeconds: 2)
                throw .silently
            }
            isFirst = false
        }
    }

    private static let headTimeout = Stop.respond(HTTPParseError(.requestTimeout, "request head not received in time"), nil)

    /// Reads until a complete head is buffered, then parses it.
    private func receiveHead(until deadline: Deadline) async throws(Stop) -> RequestHead {
        var scanner = HeadScanner(limits: context.limits)
        while true {
            let scanned: Result<HeadScanner.Outcome, HTTPParseError> = buffer.withUnsafeBytes { all in
                let pending = UnsafeRawBufferPointer(rebasing: all[start...])
                do throws(HTTPParseError) { return .success(try scanner.scan(pending)) } catch { return .failure(error) }
            }
            switch scanned {
            case let .failure(failure):
                throw .respond(failure, nil)
            case let .success(.complete(headStart, headEnd)):
                let parsed: Result<RequestHead, HTTPParseError> = buffer.withUnsafeBytes { all in
                    let bytes = UnsafeRawBufferPointer(rebasing: all[(start + headStart)..<(start + headEnd)])
                    do throws(HTTPParseError) { return .success(try HeadParser.parse(bytes, limits: context.headLimits)) } catch { return .failure(error) }
                }
                start += headEnd
                switch parsed {
                case let .success(head): return head
                case let .failure(failure): throw .respond(failure, nil)
                }
            case .success(.needMore):
                guard try await receive(until: deadline, onTimeout: Self.headTimeout) else { throw .silently }
            }
        }
    }

    /// Drops consumed bytes so the buffer does not grow across requests.
    func compact() {
        if start == buffer.count {
            // After a large upload, give the memory back instead of keeping it per connection.
            buffer.removeAll(keepingCapacity: buffer.capacity <= Self.retainedCapacity)
            start = 0
        } else if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// Reads once (waiting for readability as needed) and appends to `buffer`. Returns false
    /// at end of stream.
    func receive(until deadline: Deadline?, onTimeout: Stop) async throws(Stop) -> Bool {
        while true {
            switch Socket.receive(fd, into: scratch) {
            case let .bytes(count):
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
                return true
            case .endOfStream:
                return false
            case .failed:
                throw .silently
            case .wouldBlock:
                switch await context.reactor.wait(token, for: .read, until: deadline) {
                case .ready: continue
                case .timedOut: throw onTimeout
                case .interrupted, .closed: throw .silently
                }
            }
        }
    }

    /// Writes `output` completely; each wait for writability has the write timeout.
    func writeOutput() async throws(Stop) {
        var offset = 0
        let total = output.count
        while offset < total {
            let result = output.withUnsafeBytes { Socket.send(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case let .bytes(count):
                offset += count
            case .wouldBlock:
                let deadline = Deadline.after(seconds: context.configuration.writeTimeoutSeconds)
                guard await context.reactor.wait(token, for: .write, until: deadline) == .ready else { throw .silently }
            case .endOfStream, .failed:
                throw .silently
            }
        }
    }

    /// Sends a streamed body piece by piece, each written before the next is produced. A
    /// producer or socket failure ends the connection without the last chunk.
    private func writeStream(_ stream: HTTPBodyStream, chunked: Bool) async throws(Stop) {
        do {
            try await stream.produce(HTTPBodySink { bytes in
                self.output.removeAll(keepingCapacity: self.output.capacity <= Self.retainedCapacity)
                if chunked { ResponseSerializer.chunk(bytes, into: &self.output) } else { self.output.append(contentsOf: bytes) }
                do throws(Stop) { try await self.writeOutput() } catch { throw StreamAborted() }
            })
        } catch {
            throw .silently
        }
        guard chunked else { return }
        output.removeAll(keepingCapacity: output.capacity <= Self.retainedCapacity)
        ResponseSerializer.chunk([], into: &output)
        try await writeOutput()
    }

    /// The socket failed while a streamed body was written.
    private struct StreamAborted: Error {}

    /// Sends the error response the configuration builds, always with `Connection: close`,
    /// and closes.
    func respond(to failure: HTTPParseError, head: RequestHead?, lingerSeconds: Double = 2) async {
        let configuration = context.configuration
        configuration.onTransportError(failure.status, failure.reason)
        let request = head?.makeRequest(body: [], remoteAddress: remoteAddress)
        var response = configuration.errorResponder(failure.status, failure.reason, request)
        if failure.status == .serviceUnavailable && !response.headers.contains(.retryAfter) {
            // RFC 9110 §10.2.3: tell the client when trying again makes sense.
            response.headers.add("Retry-After", "1")
        }
        output.removeAll(keepingCapacity: true)
        ResponseSerializer.serialize(response, omitContent: head?.method == .head, persistence: .close, into: &output)
        do {
            try await writeOutput()
        } catch {
            return
        }
        await closeGracefully(lingerSeconds: lingerSeconds)
    }

    /// Half-closes, then reads and discards what the client still sends for a moment.
    ///
    /// RFC 9112 §9.6: closing a socket with unread input makes the TCP stack send a reset,
    /// which can destroy the response before the client has read it (for example after a
    /// 413 sent without reading the body). Closing the write side first and draining avoids it.
    func closeGracefully(lingerSeconds: Double) async {
        Socket.shutdownWrite(fd)
        let deadline = Deadline.after(seconds: lingerSeconds)
        var discarded = 0
        while discarded < 4 * 1024 * 1024 {
            switch Socket.receive(fd, into: scratch) {
            case let .bytes(count):
                discarded += count
            case .endOfStream, .failed:
                return
            case .wouldBlock:
                guard await context.reactor.wait(token, for: .read, until: deadline) == .ready else { return }
            }
        }
    }

    /// Leaves the registry, then closes the descriptor (in that order, see `ConnectionRegistry`).
    private func finish() {
        context.registry.remove(id)
        context.reactor.deregister(token)
        Socket.close(fd)
    }
}
