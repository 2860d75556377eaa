/// SHA-256 (FIPS 180-4), fed incrementally: webhook signatures need it without OpenSSL.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(Array("abc".utf8))
/// let digest = hasher.finalize()   // 32 bytes
/// ```
public struct SHA256: Sendable {
    /// The digest length in bytes.
    public static let digestByteCount = 32
    /// The block length in bytes (HMAC pads keys to it).
    public static let blockByteCount = 64

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes of an incomplete block, fewer than 64.
    private var pending: [UInt8] = []
    /// Every byte fed so far (the padding encodes it in bits).
    private var byteCount: UInt64 = 0
    /// The message schedule, kept to avoid allocating it per block.
    private var schedule = [UInt32](repeating: 0, count: 64)

    /// A hasher with nothing fed yet.
    public init() {
        pending.reserveCapacity(Self.blockByteCount)
    }

    /// The digest of `bytes` in one call.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Feeds `bytes`; call as often as needed before ``finalize()``.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if done == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// Feeds raw bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        byteCount &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(Self.blockByteCount - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            offset = take
            guard pending.count == Self.blockByteCount else { return }
            let block = pending
            block.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= Self.blockByteCount {
            compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Self.blockByteCount]))
            offset += Self.blockByteCount
        }
        if offset < bytes.count {
            pending.append(contentsOf: bytes[offset...])
        }
    }

    /// Pads the message and returns the 32-byte digest; the hasher is spent.
    public consuming func finalize() -> [UInt8] {
        let bitCount = byteCount &* 8
        var tail: [UInt8] = [0x80]
        // The length field takes the last 8 bytes of a block; pad with zeros up to there.
        let used = (pending.count + 1) % Self.blockByteCount
        let zeros = used <= 56 ? 56 - used : 64 + 56 - used
        tail.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
        }
        tail.withUnsafeBytes { update($0) }
        precondition(pending.isEmpty, "SHA-256 padding must end on a block boundary")
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// One round of the compression function over a 64-byte block.
    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        schedule.withUnsafeMutableBufferPointer { w in
            for t in 0..<16 {
                let i = t * 4
                w[t] = UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
            }
            for t in 16..<64 {
                let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
                let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var a = state[0], b = state[1], c = state[2], d = state[3]
            var e = state[4], f = state[5], g = state[6], h = state[7]
            Self.roundConstants.withUnsafeBufferPointer { k in
                for t in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ t2
                }
            }
            state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
            state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
        }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    /// A right rotation, the primitive SHA-2 is built from.
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
