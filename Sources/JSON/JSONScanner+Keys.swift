extension JSONScanner {
    /// Slots in the key cache; a power of two so the slot is a mask away from the hash.
    static let keyCacheSlots = 64
    /// Longest key worth caching; longer keys are rare and cheap relative to their bytes.
    static let keyCacheMaxLength = 32

    /// An object key. An ingest batch repeats the same few keys ("type", "start", …) in
    /// every sample, so plain ASCII keys go through a small direct-mapped cache that
    /// hands back the `String` made the last time these exact bytes were seen instead of
    /// validating and building it again. Anything else takes the general string path.
    mutating func parseKey() throws(JSONParseError) -> String {
        let open = position
        position += 1
        let start = position
        skipPlainASCII()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position += 1
        }
        let length = position - start
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
              length > 0, length <= Self.keyCacheMaxLength
        else {
            position = open
            return try parseString()
        }
        position += 1

        if keyCacheStrings.isEmpty {
            keyCacheStrings = Array(repeating: "", count: Self.keyCacheSlots)
            keyCacheBytes = Array(repeating: 0, count: Self.keyCacheSlots * Self.keyCacheMaxLength)
            keyCacheLengths = Array(repeating: 0, count: Self.keyCacheSlots)
        }
        let first = Int(bytes[start])
        let last = Int(bytes[start + length - 1])
        let middle = Int(bytes[start + length / 2])
        let slot = (length &* 31 &+ first &* 7 &+ middle &* 3 &+ last) & (Self.keyCacheSlots - 1)
        let stored = slot * Self.keyCacheMaxLength
        if keyCacheLengths[slot] == length {
            var index = 0
            while index < length, keyCacheBytes[stored + index] == bytes[start + index] { index += 1 }
            if index == length { return keyCacheStrings[slot] }
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self)
        keyCacheStrings[slot] = key
        keyCacheLengths[slot] = length
        for index in 0..<length { keyCacheBytes[stored + index] = bytes[start + index] }
        return key
    }
}
