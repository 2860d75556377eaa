import JSON
import Testing

private func compact(_ value: JSONValue) -> String { JSONWriter.string(value) }

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test func sortedKeysAreByteExact() {
        let value: JSONValue = [
            "value": 72.4, "unit": "bpm", "start": 1_775_779_200_000, "tags": ["a", "b"],
            "B": true, "a": nil, "é": 1, "z": [:], "empty": [],
        ]
        #expect(compact(value) ==
            #"{"B":true,"a":null,"empty":[],"start":1775779200000,"tags":["a","b"],"unit":"bpm","value":72.4,"z":{},"é":1}"#)
        #expect(JSONWriter.serialize(value) == Array(compact(value).utf8))
    }

    @Test func keysAreOrderedByUTF8BytesNotByStringComparison() {
        // U+00E9 (C3 A9) sorts after "z" and before U+FB01 (EF AC 81); "Z" before "a".
        let value: JSONValue = ["\u{FB01}": 1, "é": 2, "z": 3, "a": 4, "Z": 5, "": 6]
        #expect(compact(value) == "{\"\":6,\"Z\":5,\"a\":4,\"z\":3,\"é\":2,\"\u{FB01}\":1}")
    }

    @Test func prettyOutputIsStable() {
        let value: JSONValue = ["b": [1, ["c": nil]], "a": "x", "e": [], "o": [:]]
        let expected = """
        {
          "a": "x",
          "b": [
            1,
            {
              "c": null
            }
          ],
          "e": [],
          "o": {}
        }
        """
        #expect(JSONWriter.string(value, pretty: true) == expected)
        #expect(JSONWriter.string([], pretty: true) == "[]")
        #expect(JSONWriter.string(3, pretty: true) == "3")
    }

    @Test func unsortedOutputHasTheSameMembers() throws {
        let value: JSONValue = ["k1": 1, "k2": [true, false], "k3": "v"]
        let text = JSONWriter.serialize(value, sortedKeys: false)
        #expect(try JSONParser.parse(text) == value)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-3.0, "-3"), (1_712_345_678_901, "1712345678901"),
        (1_775_779_200_000, "1775779200000"), (9_007_199_254_740_991, "9007199254740991"),
        (-9_007_199_254_740_991, "-9007199254740991"), (9_007_199_254_740_992, "9007199254740992.0"), (1e16, "1e+16"),
        (0.1, "0.1"), (72.4, "72.4"), (-2.5, "-2.5"), (1e300, "1e+300"), (-1e300, "-1e+300"),
        (1e-7, "1e-07"), (0.000_123, "0.000123"), (1e22, "1e+22"), (123_456.789, "123456.789"),
        (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
    ] as [(Double, String)])
    func numbers(_ number: Double, _ expected: String) throws {
        let text = compact(.number(number))
        #expect(text == expected)
        // Whatever is written must be valid JSON that reads back as the same number.
        let parsed = try JSONParser.parse(text)
        if number.isFinite {
            #expect(parsed == .number(number))
        } else {
            #expect(parsed == .null)
        }
    }

    @Test func stringEscaping() throws {
        let cases: [(String, String)] = [
            ("plain", #""plain""#),
            ("quote\"back\\slash", #""quote\"back\\slash""#),
            ("a/b", #""a/b""#),
            ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
            ("\u{0}\u{1}\u{1F}\u{7F}", "\"\\u0000\\u0001\\u001f\u{7F}\""),
            ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
            ("é😀€", "\"é😀€\""),
            ("", #""""#),
        ]
        for (input, expected) in cases {
            #expect(compact(.string(input)) == expected)
            #expect(try JSONParser.parse(expected) == .string(input))
        }
    }

    @Test func keysAreEscapedToo() {
        #expect(compact(["a\"b\n": 1]) == #"{"a\"b\n":1}"#)
    }

    @Test func literalsAndScalars() {
        #expect(compact(nil) == "null")
        #expect(compact(true) == "true")
        #expect(compact(false) == "false")
        #expect(compact([nil, true, 1, "s", [], [:]]) == #"[null,true,1,"s",[],{}]"#)
    }
}
