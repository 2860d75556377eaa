import Testing
import Webhooks

/// HMAC-SHA256 against RFC 4231 test cases 1–4, 6 and 7 (5 truncates the output, which
/// webhook signatures never do).
@Suite struct HMACSHA256Tests {
    static let cases: [(name: String, key: [UInt8], data: [UInt8], mac: String)] = [
        ("1", repeated(0x0b, 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        ("2: a key shorter than the output", Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ("3: 50 bytes of 0xdd", repeated(0xaa, 20), repeated(0xdd, 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        ("4: a 25-byte key", (1...25).map { UInt8($0) }, repeated(0xcd, 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        ("6: a key longer than a block", repeated(0xaa, 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        ("7: key and data longer than a block", repeated(0xaa, 131),
         Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test func rfc4231() {
        for testCase in Self.cases {
            #expect(hex(HMACSHA256.authenticate(key: testCase.key, message: testCase.data)) == testCase.mac, "case \(testCase.name)")
        }
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equal([], []))
    }
}
