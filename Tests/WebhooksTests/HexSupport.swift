/// Lower-case hex of bytes, for comparing digests with published vectors.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}

/// `count` copies of `byte`.
func repeated(_ byte: UInt8, _ count: Int) -> [UInt8] {
    [UInt8](repeating: byte, count: count)
}
