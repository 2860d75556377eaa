/// Where the broker is and how to log in, from `mqtt://[user[:password]@]host[:port]`.
///
/// The user name and password are percent-decoded (`%40` for `@`, `%3A` for `:`). Only
/// plain `mqtt` is accepted: TLS (`mqtts`) is not implemented, so a remote broker is
/// reached through a local one or a TLS tunnel. The description hides the password.
public struct MQTTBrokerURL: Sendable, Equatable, CustomStringConvertible {
    /// The port MQTT uses without TLS.
    public static let defaultPort = 1883

    /// The host name or IP literal (an IPv6 literal without its brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The user name, if any.
    public var userName: String?
    /// The password, if any.
    public var password: String?

    /// A broker address.
    public init(host: String, port: Int = defaultPort, userName: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.userName = userName
        self.password = password
    }

    /// Parses `mqtt://[user[:password]@]host[:port][/]`.
    public init(parsing text: String) throws(MQTTError) {
        func invalid(_ why: String) -> MQTTError {
            MQTTError(.invalidURL, "the broker URL \(Self.redacted(text)) \(why)")
        }
        guard let separator = text.firstRange(of: "://") else {
            throw invalid("has no scheme; write mqtt://host:port")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "mqtt" else {
            throw invalid(scheme == "mqtts" ? "asks for TLS (mqtts), which is not supported" : "is not mqtt://")
        }
        var rest = text[separator.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            guard rest[end...] == "/" else { throw invalid("has a path, query or fragment") }
            rest = rest[..<end]
        }
        var hostPort = rest
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            hostPort = rest[rest.index(after: at)...]
            let colon = userInfo.firstIndex(of: ":")
            let user = colon.map { userInfo[..<$0] } ?? userInfo
            guard let decodedUser = Self.percentDecoded(user), !decodedUser.isEmpty else {
                throw invalid("has an empty or badly escaped user name")
            }
            userName = decodedUser
            if let colon {
                guard let decodedPassword = Self.percentDecoded(userInfo[userInfo.index(after: colon)...]) else {
                    throw invalid("has a badly escaped password")
                }
                password = decodedPassword
            }
        }
        var portText: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw invalid("has an unclosed IPv6 literal") }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let after = hostPort[hostPort.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("has text after the IPv6 literal") }
                portText = after.dropFirst()
            }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            portText = hostPort[hostPort.index(after: colon)...]
        } else {
            host = String(hostPort)
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "@" || $0 == "[" || $0 == "]" }) else {
            throw invalid("has no usable host")
        }
        port = Self.defaultPort
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
                  portText.count <= 5, let number = Int(portText), (1...65_535).contains(number) else {
                throw invalid("has a port outside 1…65535")
            }
            port = number
        }
    }

    public var description: String {
        var text = "mqtt://"
        if let userName {
            text += userName
            if password != nil { text += ":***" }
            text += "@"
        }
        text += host.contains(":") ? "[\(host)]" : host
        return text + ":\(port)"
    }

    /// `text` with anything between `://` and the last `@` replaced, for error messages.
    private static func redacted(_ text: String) -> String {
        guard let separator = text.firstRange(of: "://"), let at = text.lastIndex(of: "@"), at > separator.upperBound else { return text }
        return String(text[..<separator.upperBound]) + "***" + String(text[at...])
    }

    /// `%XX` sequences decoded as UTF-8; nil for a broken escape or invalid UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
