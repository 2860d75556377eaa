/// Turns an `HTTPResponse` into the bytes of a response head and content, in one buffer so
/// that a small response leaves in a single `send`.
enum ResponseSerializer {
    /// What the `Connection` header says about the connection after this response.
    enum Persistence {
        /// HTTP/1.1 keep-alive: persistence is the default, no header needed (RFC 9112 §9.3).
        case persistent
        /// HTTP/1.0 keep-alive: must be announced with `Connection: keep-alive`.
        case keepAliveAnnounced
        /// The server closes after this response: `Connection: close` (RFC 9112 §9.6).
        case close
    }

    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends the serialized response to `out`. A streamed response gets only its head
    /// here (its content follows as chunks, see `chunk(_:into:)`): with
    /// `Transfer-Encoding: chunked` when `chunkedStream`, else no framing header at all
    /// (the caller then closes the connection to end the body, RFC 9112 §6.3).
    /// - Parameter omitContent: true for HEAD (RFC 9110 §9.3.2): same head, no content.
    static func serialize(_ response: HTTPResponse, omitContent: Bool, persistence: Persistence, chunkedStream: Bool = true,
                          into out: inout [UInt8]) {
        let status = response.status
        out.reserveCapacity(out.count + 160 + response.headers.count * 48 + (omitContent ? 0 : response.body.count))
        // The version is always ours, 1.1, even when answering 1.0 (RFC 9110 §2.5).
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status.code, to: &out)
        out.append(ASCII.space)
        out.append(contentsOf: status.reasonPhrase.utf8)
        out.append(contentsOf: "\r\n".utf8)

        var handlerSetDate = false
        var handlerContentLength: String?
        for field in response.headers {
            let name = field.name
            // Framing is the transport's business: a handler's own values could contradict
            // the bytes actually sent (RFC 9112 §6.3).
            if name == .contentLength {
                handlerContentLength = field.value
                continue
            }
            if name == .transferEncoding || name == .connection { continue }
            if name == .date { handlerSetDate = true }
            appendSanitized(field.rawName, to: &out)
            out.append(contentsOf: ": ".utf8)
            appendSanitized(field.value, to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        if !handlerSetDate {
            out.append(contentsOf: "Date: ".utf8)
            DateCache.shared.append(to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        // RFC 9110 §8.6: no Content-Length in 1xx and 204; 304 would describe the selected
        // representation, which this layer does not know, so it is left out as well.
        let allowsBody = status.allowsBody
        let streamed = response.stream != nil
        if allowsBody && streamed {
            if chunkedStream { out.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8) }
        } else if allowsBody {
            out.append(contentsOf: "Content-Length: ".utf8)
            if omitContent && response.body.isEmpty, let declared = handlerContentLength, isDigits(declared) {
                // A HEAD handler may state the length without producing the content.
                out.append(contentsOf: declared.utf8)
            } else {
                appendDecimal(response.body.count, to: &out)
            }
            out.append(contentsOf: "\r\n".utf8)
        }
        switch persistence {
        case .persistent: break
        case .keepAliveAnnounced: out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        case .close: out.append(contentsOf: "Connection: close\r\n".utf8)
        }
        out.append(contentsOf: "\r\n".utf8)
        if allowsBody && !omitContent && !streamed {
            out.append(contentsOf: response.body)
        }
    }

    /// Appends one chunk of a chunked body (RFC 9112 §7.1): size in hex, CRLF, the bytes,
    /// CRLF. An empty `bytes` is the last chunk, with no trailer fields.
    static func chunk(_ bytes: [UInt8], into out: inout [UInt8]) {
        out.append(contentsOf: String(bytes.count, radix: 16).utf8)
        out.append(contentsOf: "\r\n".utf8)
        if !bytes.isEmpty {
            out.append(contentsOf: bytes)
            out.append(contentsOf: "\r\n".utf8)
        } else {
            out.append(contentsOf: "\r\n".utf8)
        }
    }

    /// Whether the handler set `Connection: close`: the transport writes its own
    /// `Connection` header, but honours a handler that wants the connection closed.
    static func asksToClose(_ response: HTTPResponse) -> Bool {
        for field in response.headers where field.name == .connection {
            for token in field.value.split(separator: ",") where token.trimmingSpaces().lowercased() == "close" {
                return true
            }
        }
        return false
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(0x30 + value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var remaining = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while remaining > 0 {
                buffer[19 - count] = UInt8(0x30 + remaining % 10)
                remaining /= 10
                count += 1
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
        }
    }

    /// Appends a handler-supplied name or value, replacing CR, LF and NUL by spaces so that
    /// a value cannot inject header lines (response splitting).
    private static func appendSanitized(_ text: String, to out: inout [UInt8]) {
        var clean = true
        for byte in text.utf8 where byte == ASCII.cr || byte == ASCII.lf || byte == 0 {
            clean = false
            break
        }
        if clean {
            out.append(contentsOf: text.utf8)
        } else {
            for byte in text.utf8 {
                out.append(byte == ASCII.cr || byte == ASCII.lf || byte == 0 ? ASCII.space : byte)
            }
        }
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
