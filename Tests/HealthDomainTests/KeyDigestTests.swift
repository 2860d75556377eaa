import Testing
@testable import HealthDomain

/// The derived key hashed in place equals the key of the spelled-out fields, for every
/// kind of source name and time, so keys stored before keep their meaning.
@Suite struct KeyDigestTests {
    /// The reference: the fields as text, hashed byte by byte with the separator.
    static func reference(_ fields: [String]) -> String {
        var low: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt64 = 0x6c62_272e_07bb_0142
        for field in fields {
            for byte in Array(field.utf8) + [0x1F] {
                low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
            }
        }
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    static let sources = ["Apple Watch", "Jane\u{2019}s Apple Watch", "Jane's Apple Watch", "iPhone|Apple Watch", "", "unknown",
                          "Caf\u{E9}\u{A0}Bar", "x\u{2032}y\u{202F}z\u{2007}w\u{2BC}v\u{2018}", "\u{E2}\u{80}", "日本語のアプリ", "🏃‍♀️ Runner"]
    static let instants: [Int64] = [0, 1, 9, 10, -1, -10, 1_775_800_800_000, Int64.max, Int64.min + 1, 4_102_444_800_000]

    @Test func theDerivedKeyEqualsTheDigestOfItsFieldsAsText() {
        for source in Self.sources {
            for start in Self.instants {
                for end in [start, start &+ 60_000] {
                    let expected = "d1-" + Self.reference(["heart_rate", SourceName.normalized(source), String(start), String(end)])
                    #expect(SampleKey.derived(metric: Metric(rawValue: "heart_rate"), source: source, startTimeMs: start, endTimeMs: end) == expected,
                            "source \(source) start \(start) end \(end)")
                }
            }
        }
    }

    @Test func randomFieldsDigestAsTheReference() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("aZ09 _-'|\u{2019}\u{A0}é日🏃".unicodeScalars)
        for _ in 0..<500 {
            let fields = (0..<Int(random.next() % 5)).map { _ in
                String(String.UnicodeScalarView((0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
            }
            #expect(SampleKey.digest(fields) == Self.reference(fields))
            let start = Int64(bitPattern: random.next()) >> Int64(random.next() % 64)
            let source = fields.first ?? ""
            #expect(SampleKey.derived(metric: .stepCount, source: source, startTimeMs: start, endTimeMs: start)
                    == "d1-" + Self.reference(["step_count", SourceName.normalized(source), String(start), String(start)]))
        }
    }
}
