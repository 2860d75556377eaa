/// How source names compare. Clients spell one device's name differently — a straight
/// or a curly apostrophe ("Jane's" / "Jane’s Apple Watch"), a space or a no-break space —
/// and HealthKit merges sources into one name separated by `|` ("iPhone|Apple Watch").
/// Names are kept and shown as sent; they are compared, grouped and keyed in this normal
/// form. Where one source arrives in several spellings, the most recent one is shown
/// (see ``latestSpellings(_:)``).
public enum SourceName {
    /// `name` with curly apostrophes and primes as `'` and no-break spaces as a space.
    /// ASCII names are returned as they are, without a copy.
    public static func normalized(_ name: String) -> String {
        guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return name }
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        forEachNormalizedByte(of: name) { out.append($0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hands `body` the UTF-8 bytes of ``normalized(_:)`` of `name`, one by one, without
    /// building the string (derived keys hash them in place). Byte-wise: every character
    /// replaced is two or three bytes long.
    @inline(__always)
    static func forEachNormalizedByte(of name: String, _ body: (UInt8) -> Void) {
        var name = name
        name.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte >= 0x80 {
                    if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80 {
                        switch bytes[index + 2] {
                        case 0x98, 0x99, 0xB2:  // U+2018, U+2019, U+2032
                            body(UInt8(ascii: "'"))
                            index += 3
                            continue
                        case 0xAF, 0x87:  // U+202F, U+2007
                            body(UInt8(ascii: " "))
                            index += 3
                            continue
                        default: break
                        }
                    } else if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0xA0 {  // U+00A0
                        body(UInt8(ascii: " "))
                        index += 2
                        continue
                    } else if byte == 0xCA, index + 1 < count, bytes[index + 1] == 0xBC {  // U+02BC
                        body(UInt8(ascii: "'"))
                        index += 2
                        continue
                    }
                }
                body(byte)
                index += 1
            }
        }
    }

    /// The members of a merged name ("iPhone|Apple Watch" → ["iPhone", "Apple Watch"]).
    public static func members(_ name: String) -> [Substring] {
        name.split(separator: "|", omittingEmptySubsequences: true)
    }

    /// One name per source among `names`, each seen at a recency (a time, a day): of the
    /// spellings of one source (equal in the normal form) the most recent is kept, and
    /// of two equally recent ones the greater in UTF-8 byte order, so the choice never
    /// depends on the order of `names`. In no particular order; rank them to list them.
    public static func latestSpellings(_ names: [(name: String, recency: Int64)]) -> [String] {
        var chosen: [String: (name: String, recency: Int64)] = [:]
        for item in names {
            let key = normalized(item.name)
            if let seen = chosen[key],
               seen.recency > item.recency || (seen.recency == item.recency && !seen.name.utf8.lexicographicallyPrecedes(item.name.utf8)) {
                continue
            }
            chosen[key] = item
        }
        return chosen.values.map(\.name)
    }
}
