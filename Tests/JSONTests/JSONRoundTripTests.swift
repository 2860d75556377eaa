import HealthDomain
import JSON
import Testing

/// The randomised JSON tests use the domain's seeded generator.
typealias SeededGenerator = SplitMix64

/// Builds random but reproducible JSON trees.
struct RandomJSON {
    var rng: SeededGenerator

    mutating func int(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }

    mutating func number() -> Double {
        switch int(5) {
        case 0: return Double(Int64(bitPattern: rng.next()) % 9_007_199_254_740_992)
        case 1: return Double(int(1000)) / 10
        case 2:
            let value = Double(bitPattern: rng.next())
            return value.isFinite ? value : 0.5
        case 3: return Double(int(2_000_000_000)) + 1_775_779_200_000
        default: return Double(int(100)) * (int(2) == 0 ? 1e-9 : 1e12)
        }
    }

    mutating func string() -> String {
        let pools: [ClosedRange<UInt32>] = [
            0x61...0x7A, 0x20...0x7E, 0x00...0x1F, 0x22...0x22, 0x5C...0x5C,
            0x80...0x7FF, 0x800...0xD7FF, 0x2028...0x2029, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
        ]
        var text = ""
        for _ in 0..<int(12) {
            let pool = int(3) == 0 ? pools[int(pools.count)] : pools[0]
            let value = pool.lowerBound + UInt32(rng.next() % UInt64(pool.count))
            text.unicodeScalars.append(Unicode.Scalar(value) ?? "?")
        }
        return text
    }

    mutating func value(depth: Int = 0) -> JSONValue {
        let kind = depth >= 5 ? int(4) : int(6)
        switch kind {
        case 0: return .null
        case 1: return .bool(int(2) == 0)
        case 2: return .number(number())
        case 3: return .string(string())
        case 4: return .array((0..<int(6)).map { _ in value(depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<int(6) { members[string()] = value(depth: depth + 1) }
            return .object(members)
        }
    }
}

@Suite("JSON round trips")
struct JSONRoundTripTests {
    @Test func randomTreesSurviveSerializeThenParse() throws {
        var generator = RandomJSON(rng: SeededGenerator(seed: 2026))
        for _ in 0..<1_500 {
            let value = generator.value()
            let compact = JSONWriter.serialize(value)
            #expect(try JSONParser.parse(compact) == value)
            let pretty = JSONWriter.serialize(value, pretty: true)
            #expect(try JSONParser.parse(pretty) == value)
            let unsorted = JSONWriter.serialize(value, sortedKeys: false)
            #expect(try JSONParser.parse(unsorted) == value)
            // Serialization is deterministic: a reparsed value prints identically.
            #expect(JSONWriter.serialize(try JSONParser.parse(compact)) == compact)
        }
    }

    @Test func documentsRoundTrip() throws {
        let documents = [
            #"{"samples":[{"type":"heart_rate","start":1775779200000,"end":1775779260000,"value":72.4,"unit":"bpm","source":"watch"}]}"#,
            #"[null,true,false,0,-1,0.5,"","a\"b\\c\/d",[],{},[[]],{"":{}}]"#,
            #""\ud83d\ude00 \u00e9 \u2028""#,
            "1e-300", "-0.000001", "123456789012", "true", "null",
        ]
        for text in documents {
            let value = try JSONParser.parse(text)
            #expect(try JSONParser.parse(JSONWriter.serialize(value)) == value)
            #expect(try JSONParser.parse(JSONWriter.serialize(value, pretty: true)) == value)
        }
    }
}

@Suite("JSONParser never crashes")
struct JSONFuzzTests {
    /// Parses and only reports whether it threw: the point is that it returns at all.
    private func survives(_ bytes: [UInt8]) -> Bool {
        do {
            let value = try JSONParser.parse(bytes)
            // Anything accepted must also serialize to something the parser accepts.
            return (try? JSONParser.parse(JSONWriter.serialize(value))) == value
        } catch {
            return error.offset >= 0 && error.offset <= bytes.count && !error.message.isEmpty
        }
    }

    @Test func randomBytes() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array(#"{}[],:"\-+.0123456789eEtrufalsn /u"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        for round in 0..<3_000 {
            let length = Int(rng.next() % 40)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            #expect(survives(bytes), "\(bytes)")
        }
    }

    @Test func mutatedValidDocuments() {
        var rng = SeededGenerator(seed: 11)
        var generator = RandomJSON(rng: SeededGenerator(seed: 13))
        let interesting: [UInt8] = Array(#"{}[],:"\0123456789.eE-+ "#.utf8) + [0x00, 0x1F, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xFF]
        for _ in 0..<3_000 {
            var bytes = JSONWriter.serialize(generator.value(), pretty: rng.next() % 2 == 0)
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                guard !bytes.isEmpty else { break }
                let index = Int(rng.next() % UInt64(bytes.count))
                let replacement = rng.next() % 2 == 0
                    ? interesting[Int(rng.next() % UInt64(interesting.count))]
                    : UInt8(truncatingIfNeeded: rng.next())
                switch rng.next() % 4 {
                case 0: bytes[index] = replacement
                case 1: bytes.insert(replacement, at: index)
                case 2: bytes.remove(at: index)
                default: bytes.removeLast(Int(rng.next() % UInt64(bytes.count)))
                }
            }
            #expect(survives(bytes), "\(bytes)")
        }
    }
}
