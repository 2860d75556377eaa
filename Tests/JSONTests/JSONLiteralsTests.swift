import JSON
import Testing

@Suite("JSONValue literals and JSONRepresentable")
struct JSONLiteralsTests {
    @Test func literalsBuildTheExpectedCases() {
        let value: JSONValue = [
            "id": "abc", "count": 3, "ratio": 0.25, "ok": true, "note": nil,
            "tags": ["a", 1, false], "nested": ["empty": [:]],
        ]
        #expect(value == .object([
            "id": .string("abc"), "count": .number(3), "ratio": .number(0.25), "ok": .bool(true),
            "note": .null, "tags": .array([.string("a"), .number(1), .bool(false)]),
            "nested": .object(["empty": .object([:])]),
        ]))
    }

    @Test func valueInitialisers() {
        let int = 42
        let int64: Int64 = 1_775_779_200_000
        let double = 72.4
        let missingString: String? = nil
        let presentString: String? = "x"
        let missingDouble: Double? = nil
        let presentDouble: Double? = 1.5
        #expect(JSONValue(int) == .number(42))
        #expect(JSONValue(int64).int64Value == 1_775_779_200_000)
        #expect(JSONValue(double) == .number(72.4))
        #expect(JSONValue(Double.nan) == .null)
        #expect(JSONValue(-Double.infinity) == .null)
        #expect(JSONValue(missingString) == .null)
        #expect(JSONValue(presentString) == .string("x"))
        #expect(JSONValue(missingDouble) == .null)
        #expect(JSONValue(presentDouble) == .number(1.5))
        #expect(JSONValue(Optional(Double.infinity)) == .null)
    }

    @Test func representableStandardTypes() {
        #expect("s".json == .string("s"))
        #expect(7.json == .number(7))
        #expect(Int64(-3).json == .number(-3))
        #expect(2.5.json == .number(2.5))
        #expect(Double.nan.json == .null)
        #expect(true.json == .bool(true))
        #expect((nil as Int?).json == .null)
        #expect(Optional(5).json == .number(5))
        #expect([1, 2].json == .array([.number(1), .number(2)]))
        #expect(["a": [true]].json == .object(["a": .array([.bool(true)])]))
        #expect([["x": Optional<String>.none]].json == [["x": nil]])
        #expect(JSONValue.string("v").json == "v")
    }

    @Test func representableValuesSerialize() {
        let body: [String: JSONValue] = ["count": 2.json, "items": ["a", "b"].json, "next": (nil as String?).json]
        #expect(JSONWriter.string(body.json) == #"{"count":2,"items":["a","b"],"next":null}"#)
    }
}
