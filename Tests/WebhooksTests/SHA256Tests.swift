import Testing
import Webhooks

/// SHA-256 against the NIST FIPS 180-2 example vectors, fed whole and in awkward pieces.
@Suite struct SHA256Tests {
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        // 448 bits: the padding's length field no longer fits in the message's last block.
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ]

    @Test func nistVectors() {
        for (message, digest) in Self.vectors {
            #expect(hex(SHA256.hash(Array(message.utf8))) == digest, "\(message)")
        }
    }

    @Test func oneMillionAs() {
        #expect(hex(SHA256.hash(repeated(UInt8(ascii: "a"), 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [1, 3, 55, 56, 63, 64, 65, 127])
    func piecesOfAnySizeGiveTheSameDigest(piece: Int) {
        let message = Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)
        var hasher = SHA256()
        var offset = 0
        while offset < message.count {
            let end = min(message.count, offset + piece)
            hasher.update(message[offset..<end])
            offset = end
        }
        #expect(hex(hasher.finalize()) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    /// Lengths around the block and padding boundaries, against a digest computed in one go
    /// of the same bytes through a non-contiguous sequence (the other `update` path).
    @Test func boundaryLengthsAgreeAcrossInputPaths() {
        for length in [55, 56, 57, 63, 64, 65, 119, 120, 128] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let lazy = bytes.lazy.map { $0 }
            var hasher = SHA256()
            hasher.update(lazy)
            #expect(hasher.finalize() == SHA256.hash(bytes), "length \(length)")
        }
    }
}
