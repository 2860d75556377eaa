/// A response body produced while it is sent, for answers too large to hold in memory.
///
/// The transport calls ``produce`` once, after the head is written, with a sink; each
/// `write` returns only when the bytes are handed to the socket, so a producer that
/// writes in bounded pieces keeps the server's memory bounded whatever the total size.
/// On HTTP/1.1 the pieces go out with `Transfer-Encoding: chunked` (RFC 9112 §7.1); an
/// HTTP/1.0 client gets the bytes as they come and the end of the connection as the end
/// of the body. A producer that throws ends the connection without the last chunk, so the
/// client sees an incomplete body rather than a short one that looks whole.
public struct HTTPBodyStream: Sendable {
    /// Writes the body, piece by piece, into the sink.
    public typealias Producer = @Sendable (_ sink: HTTPBodySink) async throws -> Void

    public let produce: Producer

    public init(_ produce: @escaping Producer) { self.produce = produce }

    /// The whole body in memory: for tests and in-process callers, never for the socket.
    public func collect() async throws -> [UInt8] {
        let buffer = CollectedBytes()
        try await produce(HTTPBodySink { bytes in buffer.bytes += bytes })
        return buffer.bytes
    }
}

/// Where a streamed body's pieces go. Used only by the task serving the response.
public struct HTTPBodySink {
    private let sink: ([UInt8]) async throws -> Void

    public init(_ sink: @escaping ([UInt8]) async throws -> Void) { self.sink = sink }

    /// Sends `bytes` (an empty piece is skipped: it would end a chunked body).
    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        try await sink(bytes)
    }
}

/// The bytes `HTTPBodyStream.collect()` gathers; touched by one task only.
private final class CollectedBytes {
    var bytes: [UInt8] = []
}
