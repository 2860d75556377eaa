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
        // Byte-wise over UTF-8: every character replaced is two or three bytes long.
        let bytes = Array(name.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 {
                switch bytes[index + 2] {
                case 0x98, 0x99, 0xB2:  // U+2018, U+2019, U+2032
                    out.append(UInt8(ascii: "'"))
                    index += 3
                    continue
                case 0xAF, 0x87:  // U+202F, U+2007
                    out.append(UInt8(ascii: " "))
                    index += 3
                    continue
                default: break
                }
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {  // U+00A0
                out.append(UInt8(ascii: " "))
                index += 2
                continue
            } else if byte == 0xCA, index + 1 < bytes.count, bytes[index + 1] == 0xBC {  // U+02BC
                out.append(UInt8(ascii: "'"))
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
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
