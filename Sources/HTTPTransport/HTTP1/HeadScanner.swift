#if canImport(Glibc)
import Glibc
#endif

/// Finds the end of a request head in bytes that arrive piecemeal, and enforces the size
/// limits while it does, so an oversized head is refused without buffering all of it.
///
/// The scanner only locates line boundaries; `HeadParser` validates the syntax once the
/// whole head is present. Each byte is examined once across calls (the caller passes the
/// same, growing buffer every time).
struct HeadScanner {
    enum Outcome: Equatable {
        case needMore
        /// The head occupies `start..<end` of the buffer (`end` is just past the empty line).
        case complete(start: Int, end: Int)
    }

    let limits: ParserLimits
    private var scanned = 0
    private var lineStart = 0
    private var headStart = 0
    private var requestLineEnd: Int?
    private var fieldLines = 0

    init(limits: ParserLimits) {
        self.limits = limits
    }

    mutating func scan(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) -> Outcome {
        guard let base = bytes.baseAddress else { return .needMore }
        let count = bytes.count
        while scanned < count {
            if requestLineEnd == nil && lineStart == scanned && base.load(fromByteOffset: scanned, as: UInt8.self) == ASCII.cr {
                // RFC 9112 §2.2: empty lines (CRLF) before the request-line are ignored.
                if scanned + 1 >= count { return .needMore }
                if base.load(fromByteOffset: scanned + 1, as: UInt8.self) == ASCII.lf {
                    scanned += 2
                    lineStart = scanned
                    headStart = scanned
                    if headStart > limits.maxRequestLineBytes {
                        throw .badRequest("too many empty lines before the request line")
                    }
                    continue
                }
            }
            guard let found = memchr(base + scanned, Int32(ASCII.lf), count - scanned) else {
                scanned = count
                break
            }
            let lf = UnsafeRawPointer(found) - base
            scanned = lf + 1
            if let requestLineEnd {
                let length = lf - lineStart
                if length == 0 || (length == 1 && base.load(fromByteOffset: lineStart, as: UInt8.self) == ASCII.cr) {
                    return .complete(start: headStart, end: lf + 1)
                }
                fieldLines += 1
                if fieldLines > limits.maxHeaderCount {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "too many header fields")
                }
                if lf + 1 - (requestLineEnd + 1) > limits.maxHeaderBytes {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "header section too large")
                }
                lineStart = lf + 1
            } else {
                // The limit counts the line without its CRLF; the +1 leaves room for the CR.
                if lf - lineStart > limits.maxRequestLineBytes + 1 {
                    throw HTTPParseError(.uriTooLong, "request line too long")
                }
                requestLineEnd = lf
                lineStart = lf + 1
            }
        }
        if let requestLineEnd {
            if count - (requestLineEnd + 1) > limits.maxHeaderBytes + 2 {
                throw HTTPParseError(.requestHeaderFieldsTooLarge, "header section too large")
            }
        } else if count - lineStart > limits.maxRequestLineBytes + 1 {
            throw HTTPParseError(.uriTooLong, "request line too long")
        }
        return .needMore
    }
}
