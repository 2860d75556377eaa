extension Connection {
    /// Reads the body the head announced (RFC 9112 §6.3) and returns it decoded.
    func receiveBody(of head: RequestHead) async throws(Stop) -> [UInt8] {
        switch head.framing {
        case .none:
            return []
        case let .length(length):
            try await sendContinueIfExpected(head)
            let bodyStart = Deadline.now
            buffer.reserveCapacity(start + min(length, 1 << 20))
            while buffer.count - start < length {
                let received = buffer.count - start
                guard try await receive(until: bodyDeadline(since: bodyStart, received: received),
                                        onTimeout: .respond(Self.slowBody, head)) else { throw .silently }
            }
            let body = Array(buffer[start..<(start + length)])
            start += length
            return body
        case .chunked:
            var whole: [UInt8] = []
            try await receiveChunked(head, limits: context.limits) { body, complete in
                if complete { swap(&whole, &body) }
            }
            return whole
        }
    }

    /// Decodes a chunked body (RFC 9112 §7.1) as it arrives. After each read `drain` gets
    /// the bytes decoded so far (`complete` once the last chunk is in) and may take them,
    /// so a caller keeps the whole body or writes it out piece by piece.
    private func receiveChunked(_ head: RequestHead, limits: ParserLimits,
                                drain: (inout [UInt8], Bool) throws(HTTPParseError) -> Void) async throws(Stop) {
        try await sendContinueIfExpected(head)
        let bodyStart = Deadline.now
        var decoder = ChunkedDecoder(limits: limits)
        var body: [UInt8] = []
        var received = buffer.count - start
        while true {
            let decoded: Result<Int, HTTPParseError> = buffer.withUnsafeBytes { all in
                do throws(HTTPParseError) { return .success(try decoder.decode(UnsafeRawBufferPointer(rebasing: all[start...]), into: &body)) }
                catch { return .failure(error) }
            }
            switch decoded {
            case let .success(consumed): start += consumed
            case let .failure(failure): throw .respond(failure, head)
            }
            do throws(HTTPParseError) { try drain(&body, decoder.isComplete) } catch { throw .respond(error, head) }
            if decoder.isComplete { return }
            if start > 64 * 1024 { compact() }
            let before = buffer.count
            guard try await receive(until: bodyDeadline(since: bodyStart, received: received),
                                    onTimeout: .respond(Self.slowBody, head)) else { throw .silently }
            received += buffer.count - before
        }
    }

    /// Reads the body the head announced into a new spool file, writing whenever a
    /// receive buffer's worth has arrived, so memory holds one buffer whatever the size.
    func spoolBody(of head: RequestHead) async throws(Stop) -> SpoolFile {
        let file: SpoolFile
        do throws(HTTPParseError) { file = try SpoolFile(directory: context.configuration.uploadSpooling?.directory ?? "/tmp") } catch {
            throw .respond(error, head)
        }
        do throws(Stop) {
            try await receiveSpooled(head, into: file)
            file.close()
            return file
        } catch {
            file.remove()
            throw error
        }
    }

    private func receiveSpooled(_ head: RequestHead, into file: SpoolFile) async throws(Stop) {
        let flushBytes = 1 << 20
        switch head.framing {
        case .none:
            return
        case let .length(length):
            try await sendContinueIfExpected(head)
            let bodyStart = Deadline.now
            var remaining = length
            var received = 0
            while remaining > 0 {
                let available = min(buffer.count - start, remaining)
                if available > 0, available >= min(flushBytes, remaining) || buffer.count - start >= remaining {
                    let chunk = start
                    let appended: Result<Void, HTTPParseError> = buffer.withUnsafeBytes { all in
                        do throws(HTTPParseError) { return .success(try file.append(UnsafeRawBufferPointer(rebasing: all[chunk..<(chunk + available)]))) }
                        catch { return .failure(error) }
                    }
                    if case let .failure(failure) = appended { throw .respond(failure, head) }
                    start += available
                    remaining -= available
                    compact()
                    continue
                }
                let before = buffer.count
                guard try await receive(until: bodyDeadline(since: bodyStart, received: received),
                                        onTimeout: .respond(Self.slowBody, head)) else { throw .silently }
                received += buffer.count - before
            }
        case .chunked:
            try await receiveChunked(head, limits: context.spoolLimits) { body, complete throws(HTTPParseError) in
                guard body.count >= flushBytes || complete else { return }
                let appended: Result<Void, HTTPParseError> = body.withUnsafeBytes { raw in
                    do throws(HTTPParseError) { return .success(try file.append(raw)) } catch { return .failure(error) }
                }
                if case let .failure(failure) = appended { throw failure }
                body.removeAll(keepingCapacity: true)
            }
        }
    }

    private static var slowBody: HTTPParseError { HTTPParseError(.requestTimeout, "request body not received in time") }

    /// RFC 9110 §10.1.1: a client that sent `Expect: 100-continue` waits for the interim
    /// response before sending content. It is only sent once the head was accepted (limits
    /// and framing checked), and not when body bytes have already arrived.
    private func sendContinueIfExpected(_ head: RequestHead) async throws(Stop) {
        guard head.expectContinue, buffer.count == start else { return }
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: ResponseSerializer.continueResponse)
        try await writeOutput()
    }

    /// The latest time the next bytes may arrive while the average upload rate since the
    /// head stays at or above `minBodyBytesPerSecond`, after the grace period.
    private func bodyDeadline(since bodyStart: Deadline, received: Int) -> Deadline {
        let configuration = context.configuration
        guard configuration.minBodyBytesPerSecond > 0 else {
            return .after(seconds: configuration.idleTimeoutSeconds)
        }
        let allowed = Double(received) / Double(configuration.minBodyBytesPerSecond)
        return bodyStart.adding(seconds: max(configuration.bodyRateGraceSeconds, allowed))
    }
}
