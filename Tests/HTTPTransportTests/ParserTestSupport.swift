@testable import HTTPTransport

/// Runs the scanner and the parser over a whole head given as text.
func parseHead(_ text: String, limits: ParserLimits = ParserLimits()) -> Result<RequestHead?, HTTPParseError> {
    parseHead(Array(text.utf8), limits: limits)
}

/// Runs the scanner and the parser over bytes; `.success(nil)` means "needs more bytes".
func parseHead(_ bytes: [UInt8], limits: ParserLimits = ParserLimits()) -> Result<RequestHead?, HTTPParseError> {
    var scanner = HeadScanner(limits: limits)
    return bytes.withUnsafeBytes { raw -> Result<RequestHead?, HTTPParseError> in
        do throws(HTTPParseError) {
            switch try scanner.scan(raw) {
            case .needMore:
                return .success(nil)
            case let .complete(start, end):
                return .success(try HeadParser.parse(UnsafeRawBufferPointer(rebasing: raw[start..<end]), limits: limits))
            }
        } catch {
            return .failure(error)
        }
    }
}

/// Feeds the bytes one at a time to one scanner, as a slow client would send them.
func parseHeadByteByByte(_ text: String, limits: ParserLimits = ParserLimits()) -> Result<RequestHead?, HTTPParseError> {
    let bytes = Array(text.utf8)
    var scanner = HeadScanner(limits: limits)
    for count in 1...bytes.count {
        let prefix = Array(bytes[..<count])
        let step: Result<RequestHead?, HTTPParseError>? = prefix.withUnsafeBytes { raw in
            do throws(HTTPParseError) {
                switch try scanner.scan(raw) {
                case .needMore:
                    return nil
                case let .complete(start, end):
                    return .success(try HeadParser.parse(UnsafeRawBufferPointer(rebasing: raw[start..<end]), limits: limits))
                }
            } catch {
                return .failure(error)
            }
        }
        if let step { return step }
    }
    return .success(nil)
}

/// The error of a failed parse, or nil.
func parseError(_ text: String, limits: ParserLimits = ParserLimits()) -> HTTPParseError? {
    if case let .failure(error) = parseHead(text, limits: limits) { return error }
    return nil
}

/// The parsed head, or nil when it failed or was incomplete.
func parsedHead(_ text: String, limits: ParserLimits = ParserLimits()) -> RequestHead? {
    if case let .success(head) = parseHead(text, limits: limits) { return head }
    return nil
}

/// Decodes a chunked body fed in pieces of `pieceSize` bytes (the rest stays buffered, as
/// in a connection). Returns the body and the bytes left after it, or the error.
func decodeChunked(_ text: String, pieceSize: Int = Int.max, limits: ParserLimits = ParserLimits())
    -> Result<(body: [UInt8], rest: [UInt8]), HTTPParseError> {
    let bytes = Array(text.utf8)
    var decoder = ChunkedDecoder(limits: limits)
    var body: [UInt8] = []
    var buffered: [UInt8] = []
    var offset = 0
    while true {
        let next = min(bytes.count, offset + max(pieceSize, 1))
        buffered.append(contentsOf: bytes[offset..<next])
        offset = next
        let consumed: Result<Int, HTTPParseError> = buffered.withUnsafeBytes { raw in
            do throws(HTTPParseError) { return .success(try decoder.decode(raw, into: &body)) } catch { return .failure(error) }
        }
        switch consumed {
        case let .failure(error): return .failure(error)
        case let .success(count): buffered.removeFirst(count)
        }
        if decoder.isComplete { return .success((body, buffered + bytes[offset...])) }
        if offset == bytes.count { return .failure(HTTPParseError(.badRequest, "incomplete")) }
    }
}
