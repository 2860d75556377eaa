import JSON
import Testing

private func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
}

private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

/// An invalid input, with what the error must say and (where pinned) where.
struct InvalidCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let messageContains: String
    let offset: Int?

    init(_ name: String, _ text: String, _ messageContains: String, at offset: Int? = nil) {
        self.init(name, Array(text.utf8), messageContains, at: offset)
    }

    init(_ name: String, _ bytes: [UInt8], _ messageContains: String, at offset: Int? = nil) {
        self.name = name
        self.bytes = bytes
        self.messageContains = messageContains
        self.offset = offset
    }

    var testDescription: String { name }
}

private let invalidCases: [InvalidCase] = [
    InvalidCase("empty input", "", "empty input", at: 0),
    InvalidCase("only whitespace", " \n\t\r ", "only whitespace", at: 5),
    InvalidCase("trailing comma in array", "[1,2,]", "trailing comma", at: 5),
    InvalidCase("trailing comma in object", #"{"a":1,}"#, "trailing comma", at: 7),
    InvalidCase("leading comma", "[,1]", "unexpected character ','", at: 1),
    InvalidCase("double comma", "[1,,2]", "unexpected character ','", at: 3),
    InvalidCase("leading zero", "01", "leading zeros", at: 0),
    InvalidCase("negative leading zero", "-012", "leading zeros", at: 0),
    InvalidCase("fraction without integer", ".5", "unexpected character '.'", at: 0),
    InvalidCase("fraction without digits", "1.", "digit after the decimal point", at: 2),
    InvalidCase("fraction then exponent", "1.e3", "digit after the decimal point", at: 2),
    InvalidCase("lone minus", "-", "digit after '-'", at: 1),
    InvalidCase("minus space", "- 1", "digit after '-'", at: 1),
    InvalidCase("leading plus", "+1", "unexpected character '+'", at: 0),
    InvalidCase("exponent without digits", "1e", "digit in the exponent", at: 2),
    InvalidCase("exponent sign without digits", "1e+", "digit in the exponent", at: 3),
    InvalidCase("hex number", "0x1F", "trailing characters", at: 1),
    InvalidCase("NaN", "NaN", "unexpected character 'N'", at: 0),
    InvalidCase("Infinity", "Infinity", "unexpected character 'I'", at: 0),
    InvalidCase("negative Infinity", "-Infinity", "digit after '-'", at: 1),
    InvalidCase("huge exponent", "1e400", "number out of range", at: 0),
    InvalidCase("huge negative", "[-1e999]", "number out of range", at: 1),
    InvalidCase("very long overflowing number", String(repeating: "9", count: 400), "number out of range", at: 0),
    InvalidCase("single quotes", "['a']", "unexpected character '''", at: 1),
    InvalidCase("unquoted key", "{a:1}", "expected a string key", at: 1),
    InvalidCase("numeric key", "{1:2}", "expected a string key but found '1'", at: 1),
    InvalidCase("missing colon", #"{"a" 1}"#, "expected ':'", at: 5),
    InvalidCase("missing comma in array", "[1 2]", "expected ',' or ']'", at: 3),
    InvalidCase("missing comma in object", #"{"a":1 "b":2}"#, "expected ',' or '}'", at: 7),
    InvalidCase("truncated object", #"{"a":"#, "unexpected end of input", at: 5),
    InvalidCase("truncated array", "[1,", "unexpected end of input", at: 3),
    InvalidCase("unclosed array", "[", "unexpected end of input", at: 1),
    InvalidCase("unclosed object", "{", "unexpected end of input", at: 1),
    InvalidCase("mismatched brackets", "[1}", "expected ',' or ']'", at: 2),
    InvalidCase("unterminated string", #"[  "abc"#, "unterminated string", at: 3),
    InvalidCase("unterminated escape", #""ab\"#, "unterminated string"),
    InvalidCase("unescaped newline", "\"a\nb\"", "unescaped control character 0x0A", at: 2),
    InvalidCase("unescaped tab", "\"a\tb\"", "unescaped control character 0x09", at: 2),
    InvalidCase("unescaped NUL", [0x22, 0x00, 0x22], "unescaped control character 0x00", at: 1),
    InvalidCase("bad escape", #""\x41""#, #"invalid escape sequence '\x'"#, at: 1),
    InvalidCase("escaped apostrophe", #""\'""#, "invalid escape sequence", at: 1),
    InvalidCase("short unicode escape", #""\u12""#, "4 hex digits", at: 1),
    InvalidCase("non-hex unicode escape", #""\u12G4""#, "4 hex digits", at: 1),
    InvalidCase("lone high surrogate", #""\ud800""#, #"lone surrogate \ud800"#, at: 1),
    InvalidCase("high surrogate then text", #""\ud800abc""#, "lone surrogate", at: 1),
    InvalidCase("lone low surrogate", #""\udc00""#, #"lone surrogate \udc00"#, at: 1),
    InvalidCase("high surrogate then non-low", #""\ud800\u0041""#, "lone surrogate", at: 1),
    InvalidCase("reversed surrogates", #""\ude00\ud83d""#, "lone surrogate", at: 1),
    InvalidCase("duplicate key", #"{"a":1,"a":2}"#, #"duplicate key "a" in object"#, at: 7),
    InvalidCase("nested duplicate key", #"{"x":{"id":1,"v":2,"id":3}}"#, #"duplicate key "id""#, at: 19),
    InvalidCase("overlong NUL", [0x22, 0xC0, 0x80, 0x22], "invalid UTF-8", at: 1),
    InvalidCase("0xFF in string", [0x22, 0x61, 0xFF, 0x22], "invalid UTF-8", at: 2),
    InvalidCase("0xFF outside string", [0x5B, 0xFF, 0x5D], "unexpected byte 0xFF", at: 1),
    InvalidCase("truncated multibyte", [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8", at: 1),
    InvalidCase("truncated multibyte at end", [0x22, 0xF0, 0x9F], "invalid UTF-8", at: 1),
    InvalidCase("lone continuation byte", [0x22, 0x80, 0x22], "invalid UTF-8", at: 1),
    InvalidCase("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8", at: 1),
    InvalidCase("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8", at: 1),
    InvalidCase("overlong three-byte", [0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8", at: 1),
    InvalidCase("trailing garbage", "{}x", "trailing characters after the JSON value", at: 2),
    InvalidCase("two values", "1 2", "trailing characters", at: 2),
    InvalidCase("byte order mark", [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], "byte order mark", at: 0),
    InvalidCase("nesting 65 deep", String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
                "nesting deeper than 64 levels", at: 64),
    InvalidCase("objects nested 65 deep", String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65),
                "nesting deeper than 64 levels", at: 64 * 5),
    InvalidCase("line comment", "[1] // c", "trailing characters", at: 4),
    InvalidCase("block comment", "/* c */ 1", "unexpected character '/'", at: 0),
    InvalidCase("capitalised literal", "True", "unexpected character 'T'", at: 0),
    InvalidCase("truncated literal", "nul", "unexpected end of input", at: 3),
    InvalidCase("misspelt literal", "nulL", "unexpected character 'L'", at: 3),
    InvalidCase("form feed as whitespace", [0x0C, 0x31], "unexpected byte 0x0C", at: 0),
    InvalidCase("non-breaking space as whitespace", [0xC2, 0xA0, 0x31], "unexpected byte 0xC2", at: 0),
    InvalidCase("undefined", "undefined", "unexpected character 'u'", at: 0),
]

@Suite("JSONParser rejects invalid input")
struct JSONParserInvalidTests {
    @Test("is rejected with a helpful message", arguments: invalidCases)
    func rejected(_ invalid: InvalidCase) throws {
        let error = try #require(parseError(invalid.bytes), "accepted: \(invalid.name)")
        #expect(error.message.contains(invalid.messageContains), "\(error.message)")
        #expect(error.message.hasSuffix("at byte \(error.offset)"), "\(error.message)")
        #expect(error.description == error.message)
        if let offset = invalid.offset {
            #expect(error.offset == offset, "\(error.message)")
        }
    }

    @Test func tableIsLargeEnough() {
        #expect(invalidCases.count >= 40)
    }

    @Test func exactMessages() {
        #expect(parseError(Array("[1, x]".utf8))?.message == "unexpected character 'x' at byte 4")
        #expect(parseError(Array(#"[  "abc"#.utf8))?.message == "unterminated string at byte 3")
        #expect(parseError(Array(#"{"a":1,"a":2}"#.utf8))?.message == #"duplicate key "a" in object at byte 7"#)
        #expect(parseError(Array("{}x".utf8))?.message == "trailing characters after the JSON value at byte 2")
        #expect(parseError(Array("1e400".utf8))?.message == "number out of range at byte 0")
        #expect(parseError([0x22, 0xFF, 0x22])?.message == "invalid UTF-8 at byte 1")
    }

    @Test func duplicateKeyMessageQuotesAndShortensTheKey() throws {
        let key = String(repeating: "k", count: 200) + "\\\""
        let error = try #require(parseError(Array(#"{"\#(key)":1,"\#(key)":2}"#.utf8)))
        #expect(error.message.hasPrefix(#"duplicate key "kkkk"#))
        #expect(error.message.count < 120)
        let quoted = try #require(parseError(Array(#"{"a\"b":1,"a\"b":2}"#.utf8)))
        #expect(quoted.message == #"duplicate key "a\"b" in object at byte 10"#)
    }

    @Test func duplicateKeysDifferingOnlyByEscapingAreDuplicates() {
        #expect(parseError(Array(#"{"é":1,"\u00e9":2}"#.utf8)) != nil)
        // Swift strings compare by canonical equivalence, so precomposed and decomposed
        // spellings of the same text are one key: rejected as ambiguous, never merged.
        #expect(parseError(Array(#"{"\u00e9":1,"e\u0301":2}"#.utf8))?.offset == 12)
    }

    @Test func hostileNestingThrowsInsteadOfCrashing() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(parseError(deep)?.message == "nesting deeper than 64 levels at byte 64")
        let mixed = Array(String(repeating: #"{"a":["#, count: 100_000).utf8)
        #expect(parseError(mixed) != nil)
    }

    @Test func depthLimitIsConfigurable() throws {
        #expect(throws: JSONParseError.self) { try parse("[[[1]]]", maxDepth: 2) }
        #expect(try parse("[[1]]", maxDepth: 2) == [[1]])
        #expect(try parse("1", maxDepth: 0) == 1)
        #expect(throws: JSONParseError.self) { try parse("[]", maxDepth: 0) }
    }
}

@Suite("JSONParser accepts valid input")
struct JSONParserValidTests {
    static let validCases: [(String, JSONValue)] = [
        ("-0", .number(-0.0)),
        ("0", 0),
        ("1E+2", 100),
        ("1e2", 100),
        ("1E-2", 0.01),
        ("1e-7", 1e-7),
        ("-1.5e+3", -1500),
        ("0.1", 0.1),
        ("72.4", 72.4),
        ("123456789.123456789", 123456789.123456789),
        ("5e-324", .number(.leastNonzeroMagnitude)),
        ("1e-400", 0),
        ("1.7976931348623157e308", .number(1.7976931348623157e308)),
        ("9007199254740992", .number(9_007_199_254_740_992)),
        ("-9007199254740992", .number(-9_007_199_254_740_992)),
        ("1775779200000", .number(1_775_779_200_000)),
        (#""\u00e9""#, "é"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD83D\uDE00""#, "😀"),
        ("\"😀é\u{2028}\"", "😀é\u{2028}"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0000""#, "\u{0}"),
        (#""a/b""#, "a/b"),
        ("\"\"", ""),
        ("{}", [:]),
        ("[]", []),
        ("[{}, [], \"\", 0]", [[:], [], "", 0]),
        ("true", true),
        ("false", false),
        ("null", nil),
        (" \t\n\r{ \t\n\r\"a\" \t\n\r: \t\n\r[ 1 , 2 ] \t\n\r} \t\n\r", ["a": [1, 2]]),
        (#"{"a":{"b":{"c":null}}}"#, ["a": ["b": ["c": nil]]]),
        (#"{"A":1,"a":2}"#, ["A": 1, "a": 2]),
    ]

    @Test func validCasesAreAccepted() throws {
        #expect(Self.validCases.count >= 20)
        for (text, expected) in Self.validCases {
            let value = try parse(text)
            #expect(value == expected, "\(text)")
        }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try #require(try parse("-0").doubleValue)
        #expect(value == 0 && value.sign == .minus)
    }

    @Test func nestingOfExactlyTheLimitIsAllowed() throws {
        let text = String(repeating: "[", count: 64) + "7" + String(repeating: "]", count: 64)
        var value = try parse(text)
        for _ in 0..<64 { value = try #require(value.arrayValue?.first) }
        #expect(value == 7)
        let objects = String(repeating: #"{"a":"#, count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(throws: Never.self) { try parse(objects) }
    }

    @Test func timestampsAreExactIntegers() throws {
        let value = try parse(#"{"start": 1775779200000, "end": 1775782800000, "bpm": 72.4}"#)
        #expect(value["start"]?.int64Value == 1_775_779_200_000)
        #expect(value["end"]?.int64Value == 1_775_782_800_000)
        #expect(value["bpm"]?.int64Value == nil)
        #expect(value["bpm"]?.doubleValue == 72.4)
        #expect(try parse("9007199254740993").int64Value == 9_007_199_254_740_992)
    }

    @Test func fastPathAgreesWithTheStandardLibrary() throws {
        var rng = SeededGenerator(seed: 0x5EED)
        for _ in 0..<5_000 {
            let integer = String(rng.next() % 10_000_000_000_000)
            let fraction = rng.next() % 2 == 0 ? "" : "." + String(rng.next() % 1_000_000)
            let exponent = rng.next() % 2 == 0 ? "" : "e" + String(Int(rng.next() % 60) - 30)
            let text = (rng.next() % 2 == 0 ? "-" : "") + integer + fraction + exponent
            let parsed = try #require(try parse(text).doubleValue)
            #expect(parsed == Double(text), "\(text)")
        }
    }

    @Test func repeatedAndCollidingKeysStayDistinct() throws {
        // Same length, first, middle and last byte: the same key-cache slot.
        let text = #"[{"abca":1,"axca":2},{"axca":3,"abca":4},{"abca":5},{"a\u0062ca":6}]"#
        #expect(try parse(text) == [["abca": 1, "axca": 2], ["axca": 3, "abca": 4], ["abca": 5], ["abca": 6]])
        let long = String(repeating: "k", count: 40)
        #expect(try parse(#"[{"\#(long)":1},{"\#(long)":2}]"#) == [[.init(stringLiteral: long): 1], [.init(stringLiteral: long): 2]])
        #expect(try parse(#"{"é":1,"\u00e8":2,"":3}"#) == ["é": 1, "è": 2, "": 3])
    }

    @Test func specialBytesAreFoundAtEveryPositionOfLongStrings() throws {
        let specials: [(String, String)] = [(#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), ("é", "é"), ("😀", "😀")]
        for length in 0..<20 {
            for (encoded, decoded) in specials {
                let prefix = String(repeating: "a", count: length)
                let suffix = String(repeating: "b", count: 19 - length)
                let value = try parse("\"\(prefix)\(encoded)\(suffix)\"")
                #expect(value == .string(prefix + decoded + suffix))
                let object = try parse("{\"\(prefix)\(encoded)\(suffix)\":0}")
                #expect(object[prefix + decoded + suffix] == 0)
            }
            var raw = Array(("\"" + String(repeating: "a", count: 24) + "\"").utf8)
            raw[1 + length] = 0x0A
            #expect(throws: JSONParseError(offset: 1 + length, message: "unescaped control character 0x0A in string at byte \(1 + length)")) {
                try JSONParser.parse(raw)
            }
            #expect(throws: JSONParseError(offset: 2 + length, message: "unescaped control character 0x0A in string at byte \(2 + length)")) {
                try JSONParser.parse([UInt8(ascii: "{")] + raw + Array(":0}".utf8))
            }
            raw[1 + length] = 0xFF
            #expect(throws: JSONParseError(offset: 1 + length, message: "invalid UTF-8 at byte \(1 + length)")) {
                try JSONParser.parse(raw)
            }
            #expect(throws: JSONParseError(offset: 2 + length, message: "invalid UTF-8 at byte \(2 + length)")) {
                try JSONParser.parse([UInt8(ascii: "{")] + raw + Array(":0}".utf8))
            }
        }
    }

    @Test func allInputShapesParseTheSame() throws {
        let text = #"{"k":[1,"é",null]}"#
        let expected: JSONValue = ["k": [1, "é", nil]]
        let bytes = Array(text.utf8)
        #expect(try JSONParser.parse(bytes) == expected)
        #expect(try JSONParser.parse(text) == expected)
        #expect(try JSONParser.parse(bytes[...]) == expected)
        #expect(try JSONParser.parse(ContiguousArray(bytes)) == expected)
        #expect(try JSONParser.parse(bytes.lazy.map { $0 }) == expected)
        let raw = try bytes.withUnsafeBytes { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
        #expect(raw == expected)
        #expect(throws: JSONParseError(offset: 0, message: "empty input at byte 0")) {
            try JSONParser.parse(UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }
}
