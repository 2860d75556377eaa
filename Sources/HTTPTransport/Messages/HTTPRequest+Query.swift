extension HTTPRequest {
    /// The query's name/value pairs in order, decoded like
    /// `application/x-www-form-urlencoded`: `+` is a space and `%XX` escapes are decoded.
    ///
    /// Empty pairs (`a=1&&b=2`) are skipped; a pair without `=` has an empty value. A `%`
    /// that does not start a valid escape is kept literally, and bytes that are not valid
    /// UTF-8 after decoding become U+FFFD, so a malformed query never hides other items.
    public var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        var items: [(name: String, value: String)] = []
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let bytes = Array(pair)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                items.append((name: Self.formDecode(bytes[..<equals]), value: Self.formDecode(bytes[(equals + 1)...])))
            } else {
                items.append((name: Self.formDecode(bytes[...]), value: ""))
            }
        }
        return items
    }

    /// Every decoded value of the query parameter `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The path with percent-escapes decoded (RFC 3986 §2.1), or nil when an escape is
    /// malformed (`%` not followed by two hex digits) or the result is not valid UTF-8.
    /// `+` stays a plus sign: form encoding applies to queries only.
    public var decodedPath: String? {
        guard let bytes = Self.percentDecode(Array(path.utf8), plusAsSpace: false, strict: true) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func formDecode(_ bytes: ArraySlice<UInt8>) -> String {
        let decoded = percentDecode(bytes, plusAsSpace: true, strict: false) ?? Array(bytes)
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Decodes `%XX` escapes. With `strict`, a malformed escape makes the result nil;
    /// otherwise the `%` is kept as is.
    private static func percentDecode<C: Collection>(_ bytes: C, plusAsSpace: Bool, strict: Bool) -> [UInt8]?
    where C.Element == UInt8, C.Index == Int {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                if index + 2 < bytes.endIndex, let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2]) {
                    out.append(UInt8(high << 4 | low))
                    index += 3
                    continue
                }
                if strict { return nil }
                out.append(byte)
            } else if byte == UInt8(ascii: "+") && plusAsSpace {
                out.append(UInt8(ascii: " "))
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }
}
