/// An ordered list of header fields. Order and repeated fields are preserved because
/// framing checks (RFC 9112 §6.3) must see every `Content-Length` and `Host` line.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        /// The name as it was written (for output); compare with `name`.
        public var rawName: String
        public var name: HTTPHeaderName
        public var value: String
        public init(name: String, value: String) {
            self.rawName = name
            self.name = HTTPHeaderName(name)
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init() {}
    /// Fields the parser has already validated, in order of arrival.
    init(validatedFields: [Field]) { self.fields = validatedFields }
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }
    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    public var count: Int { fields.count }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of a field, or nil.
    public subscript(name: HTTPHeaderName) -> String? {
        get { fields.first { $0.name == name }?.value }
        set {
            if let newValue { replaceOrAdd(name: name, value: newValue) } else { remove(name) }
        }
    }

    /// Every value of a field, in order.
    public func values(_ name: HTTPHeaderName) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    public func contains(_ name: HTTPHeaderName) -> Bool { fields.contains { $0.name == name } }

    /// Appends a field, keeping any existing ones.
    public mutating func add(_ name: String, _ value: String) { fields.append(Field(name: name, value: value)) }

    /// Sets a field, replacing every existing one of that name.
    public mutating func replaceOrAdd(name: HTTPHeaderName, value: String) {
        remove(name)
        fields.append(Field(name: HTTPHeaders.canonicalName(name), value: value))
    }

    public mutating func remove(_ name: HTTPHeaderName) { fields.removeAll { $0.name == name } }

    /// Whether a comma-separated field (such as `Connection`) holds a token, case-insensitively.
    public func hasToken(_ token: String, in name: HTTPHeaderName) -> Bool {
        let wanted = token.lowercased()
        for value in values(name) {
            for part in value.split(separator: ",") where part.trimmingSpaces().lowercased() == wanted { return true }
        }
        return false
    }

    /// `content-type` → `Content-Type`, for responses written by this server.
    static func canonicalName(_ name: HTTPHeaderName) -> String {
        if name == .xRequestID { return "X-Request-ID" }
        if name == .wwwAuthenticate { return "WWW-Authenticate" }
        if name.lowercased.hasPrefix("x-ratelimit-") { return "X-RateLimit-" + name.lowercased.dropFirst(12).capitalized() }
        return name.lowercased.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
    }
}

extension Substring {
    /// `reset` → `Reset`.
    func capitalized() -> String { prefix(1).uppercased() + dropFirst() }

    /// Trims optional whitespace (SP / HTAB, RFC 9110 §5.6.3) from both ends.
    func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
