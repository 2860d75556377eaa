#if canImport(Glibc)
import Glibc
#endif

/// Decodes `Transfer-Encoding: chunked` (RFC 9112 §7.1) incrementally: it consumes what
/// is complete in the bytes it is given and leaves partial lines for the next call.
///
/// Chunk extensions are ignored (§7.1.1), trailer fields are read and discarded (§7.1.2)
/// within the header limits, and the decoded size is held to the body limit.
struct ChunkedDecoder {
    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailer
        case done
    }

    let limits: ParserLimits
    private var state = State.size
    private(set) var decodedCount = 0
    private var trailerBytes = 0
    private var trailerFields = 0

    init(limits: ParserLimits) {
        self.limits = limits
    }

    /// Whether the last chunk and the trailer section have been read.
    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Decodes from `input`, appending content to `body`; returns how many bytes were consumed.
    mutating func decode(_ input: UnsafeRawBufferPointer, into body: inout [UInt8]) throws(HTTPParseError) -> Int {
        guard let base = input.baseAddress else { return 0 }
        var position = 0
        while true {
            let available = input.count - position
            switch state {
            case .size:
                guard let found = memchr(base + position, Int32(ASCII.lf), available) else {
                    if available > limits.maxChunkLineBytes { throw .badRequest("chunk size line too long") }
                    return position
                }
                let lf = UnsafeRawPointer(found) - base
                if lf - position > limits.maxChunkLineBytes { throw .badRequest("chunk size line too long") }
                guard lf > position, input[lf - 1] == ASCII.cr else { throw .badRequest("missing CRLF after chunk size") }
                let size = try Self.parseSizeLine(input, position..<(lf - 1))
                position = lf + 1
                if size == 0 {
                    state = .trailer
                } else {
                    if size > limits.maxBodyBytes - decodedCount {
                        throw HTTPParseError(.contentTooLarge, "request content too large")
                    }
                    state = .data(remaining: size)
                }
            case .data(let remaining):
                let take = min(remaining, available)
                if take == 0 { return position }
                body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[position..<(position + take)]))
                decodedCount += take
                position += take
                state = remaining == take ? .dataEnd : .data(remaining: remaining - take)
            case .dataEnd:
                if available < 2 {
                    if available == 1 && input[position] != ASCII.cr { throw .badRequest("missing CRLF after chunk data") }
                    return position
                }
                guard input[position] == ASCII.cr, input[position + 1] == ASCII.lf else {
                    throw .badRequest("missing CRLF after chunk data")
                }
                position += 2
                state = .size
            case .trailer:
                guard let found = memchr(base + position, Int32(ASCII.lf), available) else {
                    if trailerBytes + available > limits.maxHeaderBytes {
                        throw HTTPParseError(.requestHeaderFieldsTooLarge, "trailer section too large")
                    }
                    return position
                }
                let lf = UnsafeRawPointer(found) - base
                guard lf > position, input[lf - 1] == ASCII.cr else { throw .badRequest("bare LF in trailer section") }
                let length = lf + 1 - position
                position = lf + 1
                if length == 2 {
                    state = .done
                    return position
                }
                trailerBytes += length
                trailerFields += 1
                if trailerBytes > limits.maxHeaderBytes {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "trailer section too large")
                }
                if trailerFields > limits.maxHeaderCount {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "too many trailer fields")
                }
            case .done:
                return position
            }
        }
    }

    /// chunk-size [ chunk-ext ]: 1*HEXDIG, then optional BWS and `;`-extensions, ignored.
    private static func parseSizeLine(_ input: UnsafeRawBufferPointer, _ line: Range<Int>) throws(HTTPParseError) -> Int {
        var index = line.lowerBound
        var size = 0
        while index < line.upperBound, let digit = ASCII.hexValue(input[index]) {
            guard size <= (Int.max - digit) >> 4 else { throw .badRequest("chunk size too large") }
            size = size << 4 | digit
            index += 1
        }
        guard index > line.lowerBound else { throw .badRequest("invalid chunk size") }
        while index < line.upperBound && ASCII.isWhitespace(input[index]) { index += 1 }
        guard index == line.upperBound || input[index] == ASCII.semicolon else { throw .badRequest("invalid chunk size") }
        return size
    }
}
