#if canImport(Glibc)
import Glibc
#endif

/// Validates a complete request head (as delimited by `HeadScanner`) and decides how its
/// body is framed. Everything that could let two parties disagree about where a request
/// ends is refused with 400 (RFC 9112 §11.2 request smuggling).
enum HeadParser {
    /// Parses `bytes`, which hold exactly one head: request line through the empty line.
    static func parse(_ bytes: UnsafeRawBufferPointer, limits: ParserLimits) throws(HTTPParseError) -> RequestHead {
        guard let base = bytes.baseAddress, let found = memchr(base, Int32(ASCII.lf), bytes.count) else {
            throw .badRequest("malformed request line")
        }
        let lineEnd = UnsafeRawPointer(found) - base
        // RFC 9112 §2.2 lets a recipient accept a bare LF; a server that does may disagree
        // with an intermediary about message boundaries, so this one refuses it.
        guard lineEnd > 0, bytes[lineEnd - 1] == ASCII.cr else { throw .badRequest("bare LF in request line") }
        let line = parseRequestLine(bytes, 0..<(lineEnd - 1))
        let requestLine = try line.get()

        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(8)
        var hostCount = 0
        var contentLength: Int?
        var contentLengthError: String?
        var sawTransferEncoding = false
        var transferCodingCount = 0
        var onlyChunked = true
        var connectionClose = false
        var connectionKeepAlive = false
        var expectations = 0
        var expectsContinue = false

        var position = lineEnd + 1
        while true {
            guard position < bytes.count,
                  let next = memchr(base + position, Int32(ASCII.lf), bytes.count - position) else {
                throw .badRequest("unterminated header section")
            }
            let lf = UnsafeRawPointer(next) - base
            guard lf > position, bytes[lf - 1] == ASCII.cr else { throw .badRequest("bare LF in header section") }
            let end = lf - 1
            if end == position { break }
            // RFC 9112 §5.2: obs-fold is obsolete; a server may reject it with 400.
            if ASCII.isWhitespace(bytes[position]) { throw .badRequest("obsolete line folding in header section") }
            var colon = position
            while colon < end && bytes[colon] != ASCII.colon {
                let byte = bytes[colon]
                // RFC 9112 §5.1: no whitespace is allowed between field name and colon; a
                // server MUST reject such a message with 400.
                if ASCII.isWhitespace(byte) { throw .badRequest("whitespace before colon in header field") }
                guard ASCII.isTokenCharacter(byte) else { throw .badRequest("invalid character in header field name") }
                colon += 1
            }
            guard colon < end else { throw .badRequest("header field without colon") }
            guard colon > position else { throw .badRequest("empty header field name") }
            var valueStart = colon + 1
            while valueStart < end && ASCII.isWhitespace(bytes[valueStart]) { valueStart += 1 }
            var valueEnd = end
            while valueEnd > valueStart && ASCII.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
            for index in valueStart..<valueEnd {
                let byte = bytes[index]
                // RFC 9110 §5.5: CR, LF and NUL are never allowed in a field value; other
                // controls are not field-vchars either.
                if (byte < 0x20 && byte != ASCII.tab) || byte == 0x7F {
                    throw .badRequest("invalid character in header field value")
                }
            }
            let nameRange = position..<colon
            let valueRange = valueStart..<valueEnd
            let rawName = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameRange]), as: UTF8.self)
            let name = lowercasedName(bytes, nameRange, rawName: rawName)
            let value = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[valueRange]), as: UTF8.self)
            fields.append(HTTPHeaders.Field(rawName: rawName, lowercasedName: name, value: value))

            switch name {
            case "host":
                hostCount += 1
            case "content-length":
                forEachListElement(bytes, valueRange) { element in
                    guard let parsed = parseDecimal(bytes, element) else {
                        contentLengthError = contentLengthError ?? "invalid Content-Length"
                        return
                    }
                    if let contentLength, contentLength != parsed {
                        contentLengthError = contentLengthError ?? "conflicting Content-Length values"
                    }
                    contentLength = parsed
                }
                if contentLength == nil && contentLengthError == nil { contentLengthError = "invalid Content-Length" }
            case "transfer-encoding":
                sawTransferEncoding = true
                forEachListElement(bytes, valueRange) { element in
                    transferCodingCount += 1
                    if !ASCII.equalsIgnoringCase(bytes, element, "chunked") { onlyChunked = false }
                }
            case "connection":
                forEachListElement(bytes, valueRange) { element in
                    if ASCII.equalsIgnoringCase(bytes, element, "close") { connectionClose = true }
                    if ASCII.equalsIgnoringCase(bytes, element, "keep-alive") { connectionKeepAlive = true }
                }
            case "expect":
                expectations += 1
                expectsContinue = ASCII.equalsIgnoringCase(bytes, valueRange, "100-continue")
            default:
                break
            }
            position = lf + 1
        }

        let version = requestLine.version
        let isHTTP10 = version == .http1_0
        var framing = RequestHead.Framing.none
        if sawTransferEncoding {
            // RFC 9112 §6.1: Transfer-Encoding was added in HTTP/1.1; in a 1.0 message it
            // signals a broken or malicious intermediary.
            if isHTTP10 { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            // RFC 9112 §6.1 and §6.3 rule 3: both headers is a smuggling attempt or an error.
            if contentLength != nil || contentLengthError != nil {
                throw .badRequest("both Content-Length and Transfer-Encoding")
            }
            // RFC 9112 §6.3 rule 4: chunked must be the final coding; this server supports no
            // other coding, so the only acceptable value is a single "chunked".
            guard transferCodingCount == 1 && onlyChunked else { throw .badRequest("unsupported transfer coding") }
            framing = .chunked
        } else if let contentLengthError {
            // RFC 9112 §6.3 rule 5: an invalid or conflicting Content-Length is unrecoverable.
            throw .badRequest(contentLengthError)
        } else if let contentLength {
            if contentLength > limits.maxBodyBytes { throw HTTPParseError(.contentTooLarge, "request content too large") }
            framing = contentLength == 0 ? .none : .length(contentLength)
        }

        // RFC 9112 §3.2: a 1.1 request without Host, or with more than one, gets 400.
        if hostCount > 1 { throw .badRequest("repeated Host header") }
        if hostCount == 0 && !isHTTP10 { throw .badRequest("missing Host header") }

        var expectContinue = false
        // RFC 9110 §10.1.1: a 1.0 request's expectation is ignored; 1.1 ones other than
        // 100-continue get 417.
        if expectations > 0 && !isHTTP10 {
            guard expectations == 1 && expectsContinue else {
                throw HTTPParseError(.expectationFailed, "unsupported expectation")
            }
            expectContinue = true
        }

        // RFC 9112 §9.3: 1.1 is persistent unless "close"; 1.0 only with "keep-alive".
        let keepAlive = isHTTP10 ? (connectionKeepAlive && !connectionClose) : !connectionClose
        return RequestHead(method: requestLine.method, target: requestLine.target, originForm: requestLine.originForm,
                           version: version, headers: HTTPHeaders(validatedFields: fields), framing: framing,
                           keepAlive: keepAlive, expectContinue: expectContinue)
    }

    struct RequestLine {
        var method: HTTPMethod
        var target: String
        var originForm: String?
        var version: HTTPVersion
    }

    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3), single spaces.
    private static func parseRequestLine(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Result<RequestLine, HTTPParseError> {
        var index = line.lowerBound
        while index < line.upperBound && bytes[index] != ASCII.space {
            guard ASCII.isTokenCharacter(bytes[index]) else { return .failure(.badRequest("invalid method")) }
            index += 1
        }
        guard index > line.lowerBound, index < line.upperBound else { return .failure(.badRequest("malformed request line")) }
        let methodRange = line.lowerBound..<index
        index += 1
        let targetStart = index
        while index < line.upperBound && bytes[index] != ASCII.space {
            let byte = bytes[index]
            guard byte > 0x20 && byte < 0x7F else { return .failure(.badRequest("invalid character in request target")) }
            index += 1
        }
        guard index > targetStart, index < line.upperBound else { return .failure(.badRequest("malformed request line")) }
        let targetRange = targetStart..<index
        index += 1
        // HTTP-version = "HTTP" "/" DIGIT "." DIGIT (RFC 9112 §2.3).
        guard line.upperBound - index == 8,
              bytes[index] == 0x48, bytes[index + 1] == 0x54, bytes[index + 2] == 0x54, bytes[index + 3] == 0x50,
              bytes[index + 4] == 0x2F, bytes[index + 6] == 0x2E,
              (0x30...0x39).contains(bytes[index + 5]), (0x30...0x39).contains(bytes[index + 7]) else {
            return .failure(.badRequest("malformed request line"))
        }
        let major = Int(bytes[index + 5] - 0x30)
        let minor = Int(bytes[index + 7] - 0x30)
        // RFC 9110 §2.5: a 1.x request with a higher minor is answered as 1.1; other majors
        // (0.9, 2.0, ...) are not served on this connection.
        guard major == 1 else { return .failure(HTTPParseError(.httpVersionNotSupported, "HTTP version not supported")) }
        let version: HTTPVersion = minor == 0 ? .http1_0 : .http1_1

        let method = HTTPMethod(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[methodRange]), as: UTF8.self))
        let target = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[targetRange]), as: UTF8.self)
        var originForm: String?
        let first = bytes[targetRange.lowerBound]
        if first == 0x2F {
            // origin-form (RFC 9112 §3.2.1)
        } else if target == "*" {
            // asterisk-form is only for a server-wide OPTIONS (RFC 9112 §3.2.4).
            guard method == .options else { return .failure(.badRequest("invalid request target")) }
        } else if let path = absoluteFormPath(target) {
            // RFC 9112 §3.2.2: a server MUST accept absolute-form; route on its path.
            originForm = path
        } else {
            return .failure(.badRequest("invalid request target"))
        }
        return .success(RequestLine(method: method, target: target, originForm: originForm, version: version))
    }

    /// The path and query of an `http://` or `https://` absolute-form target.
    private static func absoluteFormPath(_ target: String) -> String? {
        let lower = target.lowercased()
        let schemeLength: Int
        if lower.hasPrefix("http://") { schemeLength = 7 } else if lower.hasPrefix("https://") { schemeLength = 8 } else { return nil }
        let rest = target.utf8.dropFirst(schemeLength)
        guard let slash = rest.firstIndex(where: { $0 == 0x2F || $0 == 0x3F }) else { return "/" }
        let tail = String(Substring(target.utf8[slash...]))
        return tail.hasPrefix("?") ? "/" + tail : tail
    }

    /// The lowercased field name, reusing `rawName` when it already is lowercase.
    private static func lowercasedName(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, rawName: String) -> String {
        var hasUpper = false
        for index in range where (0x41...0x5A).contains(bytes[index]) {
            hasUpper = true
            break
        }
        guard hasUpper else { return rawName }
        return String(unsafeUninitializedCapacity: range.count) { buffer in
            var out = 0
            for index in range {
                buffer[out] = ASCII.lowercased(bytes[index])
                out += 1
            }
            return out
        }
    }

    /// Calls `body` with each non-empty, OWS-trimmed element of a comma-separated list
    /// (RFC 9110 §5.6.1: empty elements are ignored).
    static func forEachListElement(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        while start <= range.upperBound {
            var end = start
            while end < range.upperBound && bytes[end] != ASCII.comma { end += 1 }
            var a = start
            var b = end
            while a < b && ASCII.isWhitespace(bytes[a]) { a += 1 }
            while b > a && ASCII.isWhitespace(bytes[b - 1]) { b -= 1 }
            if a < b { body(a..<b) }
            start = end + 1
        }
    }

    /// A non-negative decimal with only digits (RFC 9110 §8.6: `1*DIGIT`), or nil when it is
    /// empty, has any other character (sign, space) or would overflow.
    static func parseDecimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - 0x30))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }
}
