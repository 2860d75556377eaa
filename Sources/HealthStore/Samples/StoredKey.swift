import SQLiteStore

/// How a sample key is stored in `samples.key`: the shapes keys take by the million are
/// packed into a few bytes behind a tag byte, every other key stays the text it was sent
/// as. Decoding gives back the exact spelling sent (case, dashes, digits), so a key
/// reads, pages and exports as it did when it was text.
///
/// The tag also says how the key is found (see `SampleRow`):
/// - *Movable* keys (tags below `0xF0`, and text) name a sample wherever it is: a client
///   may send one again with another start, metric or value and the sample moves. The
///   unique index `samples_by_key` finds them.
/// - *Placed* keys (tags `0xF0` and above) are the keys HealthKit and the adapters give a
///   sample at its time: derived keys (from metric, source, start and end, see
///   ``SampleKey``) and 128-bit ids, UUIDs with or without their dashes (HealthKit never
///   moves a sample; a client that writes such ids makes one per sample). They are found by their
///   time period and key in `samples_by_period_key`, whose entries for new samples land
///   next to each other, so storing one reads no page the recent ones did not.
enum StoredKey {
    /// `s1-` and 32 lowercase hex digits (an export.xml record's sync identifier digest).
    static let syncDigestTag: UInt8 = 0x11
    /// A short key of lowercase letters, digits, `-`, `.` and `_`, three to two bytes.
    static let packedTag: UInt8 = 0x12
    /// The first tag of placed keys: `key >= x'F0'` in SQL.
    static let firstPlacedTag: UInt8 = 0xF0
    /// `d1-` and 32 lowercase hex digits.
    static let derivedTag: UInt8 = 0xF0
    /// `d1-`, 32 lowercase hex digits, `-` and an occurrence number (1, 2, …).
    static let derivedOccurrenceTag: UInt8 = 0xF1
    /// A UUID written 8-4-4-4-12 in uppercase hex digits (or in digits alone).
    static let upperUUIDTag: UInt8 = 0xF2
    /// A UUID written 8-4-4-4-12 in lowercase hex digits.
    static let lowerUUIDTag: UInt8 = 0xF3
    /// 32 uppercase hex digits (or digits alone): a 128-bit id written without dashes.
    static let upperHexTag: UInt8 = 0xF4
    /// 32 lowercase hex digits.
    static let lowerHexTag: UInt8 = 0xF5

    /// The SQL condition of the rows whose key is movable, as the partial index states it.
    static let movableSQL = "key < x'F0'"
    /// The SQL condition of the rows whose key is placed.
    static let placedSQL = "key >= x'F0'"

    /// How many bits of the start time one period of `samples_by_period_key` spans:
    /// 2^31 ms, about 25 days. A lookup by key alone probes each period holding samples.
    static let periodShift: Int64 = 31

    /// The period of `startMs` in `samples_by_period_key` (an arithmetic shift, as SQL's `>>`).
    static func period(of startMs: Int64) -> Int64 { startMs >> periodShift }

    /// The stored form of `key`: a tagged blob when it has a packed shape, else its text.
    static func encode(_ key: String) -> SQLiteValue {
        // The first occurrence of a derived key, most keys of an import: packed straight
        // from the string's bytes into the one array stored.
        if let packed = packedDerived(key) { return .blob(packed) }
        let utf8 = Array(key.utf8)
        if let bytes = packedHex(utf8) { return .blob(bytes) }
        if let bytes = packedText(utf8) { return .blob(bytes) }
        return .text(key)
    }

    /// Whether `key` is stored placed (found by its period) rather than movable.
    static func isPlaced(_ key: String) -> Bool {
        if case .blob(let bytes) = encode(key) { return bytes[0] >= firstPlacedTag }
        return false
    }

    /// Whether a stored key value is placed.
    static func isPlaced(_ stored: SQLiteValue) -> Bool {
        if case .blob(let bytes) = stored { return bytes.first.map { $0 >= firstPlacedTag } ?? false }
        return false
    }

    /// The key a stored value spells.
    static func decode(_ stored: SQLiteValue) -> String {
        switch stored {
        case .text(let text): return text
        case .blob(let bytes): return decode(bytes) ?? ""
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .null: return ""
        }
    }

    /// The key stored as `bytes` (nil for bytes no encoder writes).
    static func decode(_ bytes: [UInt8]) -> String? {
        guard let tag = bytes.first else { return nil }
        let payload = bytes.dropFirst()
        switch tag {
        case derivedTag where payload.count == 16:
            return hex(prefix: "d1-", payload, upper: false)
        case derivedOccurrenceTag where payload.count > 16:
            var occurrence: UInt64 = 0
            for byte in payload.dropFirst(16) { occurrence = occurrence << 8 | UInt64(byte) }
            return hex(prefix: "d1-", payload.prefix(16), upper: false) + "-" + String(occurrence)
        case syncDigestTag where payload.count == 16:
            return hex(prefix: "s1-", payload, upper: false)
        case upperHexTag where payload.count == 16, lowerHexTag where payload.count == 16:
            return hex(payload, upper: tag == upperHexTag)
        case upperUUIDTag where payload.count == 16, lowerUUIDTag where payload.count == 16:
            let digits = Array(hex(payload, upper: tag == upperUUIDTag).utf8)
            var out: [UInt8] = []
            out.reserveCapacity(36)
            for (index, digit) in digits.enumerated() {
                if index == 8 || index == 12 || index == 16 || index == 20 { out.append(UInt8(ascii: "-")) }
                out.append(digit)
            }
            return String(decoding: out, as: UTF8.self)
        case packedTag:
            return unpackText(payload)
        default:
            return nil
        }
    }

    // MARK: Hex shapes

    /// `d1-` and 32 lowercase hex digits as the tag and 16 bytes, or nil for any other shape.
    private static func packedDerived(_ key: String) -> [UInt8]? {
        var key = key
        return key.withUTF8 { utf8 -> [UInt8]? in
            guard utf8.count == 35, utf8[0] == 0x64, utf8[1] == 0x31, utf8[2] == 0x2D else { return nil }
            var valid = true
            let packed = [UInt8](unsafeUninitializedCapacity: 17) { out, count in
                out[0] = derivedTag
                for index in 0..<16 {
                    let high = nibble(utf8[3 + 2 * index]), low = nibble(utf8[4 + 2 * index])
                    guard high < 16, low < 16 else {
                        valid = false
                        break
                    }
                    out[1 + index] = high << 4 | low
                }
                count = valid ? 17 : 0
            }
            return valid ? packed : nil
        }
    }

    /// The value of a lowercase hex digit, 16 for any other byte.
    @inline(__always)
    private static func nibble(_ digit: UInt8) -> UInt8 {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        default: 16
        }
    }

    private static func packedHex(_ utf8: [UInt8]) -> [UInt8]? {
        switch utf8.count {
        case 32:
            if let bytes = hexBytes(utf8[...], upper: true) { return [upperHexTag] + bytes }
            if let bytes = hexBytes(utf8[...], upper: false) { return [lowerHexTag] + bytes }
            return nil
        case 35 where utf8.starts(with: [0x64, 0x31, 0x2D]):  // d1-
            return hexBytes(utf8[3...], upper: false).map { [derivedTag] + $0 }
        case 35 where utf8.starts(with: [0x73, 0x31, 0x2D]):  // s1-
            return hexBytes(utf8[3...], upper: false).map { [syncDigestTag] + $0 }
        case 36 where utf8[8] == 0x2D && utf8[13] == 0x2D && utf8[18] == 0x2D && utf8[23] == 0x2D:
            let digits = utf8.enumerated().filter { ![8, 13, 18, 23].contains($0.offset) }.map(\.element)
            if let bytes = hexBytes(digits[...], upper: true) { return [upperUUIDTag] + bytes }
            if let bytes = hexBytes(digits[...], upper: false) { return [lowerUUIDTag] + bytes }
            return nil
        case 37...:
            // d1-<32 hex>-<n>: an occurrence other than the first, n written without leading zeros.
            guard utf8.starts(with: [0x64, 0x31, 0x2D]), utf8[35] == 0x2D, let bytes = hexBytes(utf8[3..<35], upper: false) else { return nil }
            let digits = utf8[36...]
            guard digits.count <= 19, digits.first != 0x30, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let occurrence = UInt64(String(decoding: digits, as: UTF8.self)), occurrence > 0 else { return nil }
            var number: [UInt8] = []
            var rest = occurrence
            while rest > 0 {
                number.insert(UInt8(rest & 0xFF), at: 0)
                rest >>= 8
            }
            return [derivedOccurrenceTag] + bytes + number
        default:
            return nil
        }
    }

    /// 32 hex digits of one case as 16 bytes (digits alone fit either case: UUIDs try
    /// uppercase first, so such a UUID has one code).
    private static func hexBytes(_ digits: ArraySlice<UInt8>, upper: Bool) -> [UInt8]? {
        guard digits.count == 32 else { return nil }
        var out = [UInt8](repeating: 0, count: 16)
        for (index, digit) in digits.enumerated() {
            let nibble: UInt8
            switch digit {
            case 0x30...0x39: nibble = digit - 0x30
            case 0x61...0x66 where !upper: nibble = digit - 0x61 + 10
            case 0x41...0x46 where upper: nibble = digit - 0x41 + 10
            default: return nil
            }
            out[index / 2] |= index % 2 == 0 ? nibble << 4 : nibble
        }
        return out
    }

    private static func hex(_ bytes: some Collection<UInt8>, upper: Bool) -> String {
        hex(prefix: "", bytes, upper: upper)
    }

    /// `prefix` and `bytes` in hex, written straight into the string's storage: every
    /// derived key read back for a recomputation passes here.
    private static func hex(prefix: StaticString, _ bytes: some Collection<UInt8>, upper: Bool) -> String {
        let letter = upper ? UInt8(ascii: "A") : UInt8(ascii: "a")
        return String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + bytes.count * 2) { out in
            var position = 0
            for index in 0..<prefix.utf8CodeUnitCount {
                out[position] = prefix.utf8Start[index]
                position += 1
            }
            for byte in bytes {
                let high = byte >> 4, low = byte & 0x0F
                out[position] = high < 10 ? UInt8(ascii: "0") + high : letter + high - 10
                out[position + 1] = low < 10 ? UInt8(ascii: "0") + low : letter + low - 10
                position += 2
            }
            return position
        }
    }

    // MARK: Packed text

    /// The 39 characters a packed key may hold, in ASCII order, coded 1–39 (0 pads the end).
    private static let symbols = Array("-.0123456789_abcdefghijklmnopqrstuvwxyz".utf8)
    private static let codes: [UInt8] = {
        var codes = [UInt8](repeating: 0, count: 128)
        for (index, symbol) in symbols.enumerated() { codes[Int(symbol)] = UInt8(index + 1) }
        return codes
    }()

    /// Three characters of the 39 in two bytes (40³ = 64,000 codes), when that is shorter
    /// than the text: a key like `demo-2021-11-27-ae-w-12` takes 17 bytes instead of 23.
    private static func packedText(_ utf8: [UInt8]) -> [UInt8]? {
        let groups = (utf8.count + 2) / 3
        guard 1 + 2 * groups < utf8.count else { return nil }
        var out: [UInt8] = [packedTag]
        out.reserveCapacity(1 + 2 * groups)
        for group in 0..<groups {
            var value = 0
            for offset in 0..<3 {
                let index = group * 3 + offset
                var code = 0
                if index < utf8.count {
                    let byte = utf8[index]
                    guard byte < 128, codes[Int(byte)] != 0 else { return nil }
                    code = Int(codes[Int(byte)])
                }
                value = value * 40 + code
            }
            out.append(UInt8(value >> 8))
            out.append(UInt8(value & 0xFF))
        }
        return out
    }

    private static func unpackText(_ payload: ArraySlice<UInt8>) -> String? {
        guard payload.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(payload.count / 2 * 3)
        var index = payload.startIndex
        while index < payload.endIndex {
            let value = Int(payload[index]) << 8 | Int(payload[index + 1])
            index += 2
            for code in [value / 1600, value / 40 % 40, value % 40] where code > 0 {
                guard code <= symbols.count else { return nil }
                out.append(symbols[code - 1])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
