import Testing
import Webhooks

/// Base64 against RFC 4648 §10 and its strictness on input that is not canonical.
@Suite struct Base64Tests {
    @Test func rfc4648Vectors() {
        let vectors = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                       ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test func everyByteValueRoundTrips() {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 200) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        let all = (0...255).map { UInt8($0) }
        #expect(Base64.decode(Base64.encode(all)) == all)
    }

    @Test func rejectsWhatIsNotPaddedStandardBase64() {
        for bad in ["Zg", "Zg=", "Zm9v YmFy", "Zm9-", "Zm9_", "Z===", "=Zg=", "Zg==Zg==", "Zm9vYmFy\n", "Zm=v"] {
            #expect(Base64.decode(bad) == nil, "\(bad)")
        }
    }
}
