/// A strict RFC 8259 JSON parser for request bodies.
///
/// Every request body of the server goes through here, so the parser rejects anything
/// ambiguous instead of guessing: no comments, trailing commas, NaN/Infinity, leading
/// zeros or single quotes; control characters inside strings must be escaped; `\u`
/// escapes must pair surrogates correctly; and an object that repeats a key is an error
/// (RFC 8259 §4 leaves duplicate names to the implementation; silently keeping one of
/// them would let two components read two different documents). Keys are compared as
/// Swift strings, i.e. by canonical equivalence: `"\u00e9"` and `"e\u0301"` collide too.
///
/// A leading byte order mark is rejected: RFC 8259 §8.1 forbids generating one and our
/// clients are programs, so a BOM signals a mis-configured encoder rather than a text file.
///
/// Nesting is bounded (`maxDepth`, 64 by default) so that hostile input cannot exhaust
/// the stack of the recursive descent: the parser never crashes, it only throws.
public enum JSONParser {
    /// The nesting limit used when none is given: deep enough for any payload of this API.
    public static let defaultMaxDepth = 64

    /// Parses one JSON text from any collection of bytes.
    ///
    /// Contiguous collections are parsed in place; others are copied once.
    public static func parse(
        _ bytes: some Collection<UInt8>,
        maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            parseResult(buffer, maxDepth: maxDepth)
        }
        if let result { return try result.get() }
        return try parse(Array(bytes), maxDepth: maxDepth)
    }

    /// Parses one JSON text from a byte array (the fast path for request bodies).
    public static func parse(
        _ bytes: [UInt8],
        maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { parseResult($0, maxDepth: maxDepth) }.get()
    }

    /// Parses one JSON text from raw memory without copying it.
    public static func parse(
        _ buffer: UnsafeRawBufferPointer,
        maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        try parseResult(buffer.assumingMemoryBound(to: UInt8.self), maxDepth: maxDepth).get()
    }

    /// Parses one JSON text held in a string (its UTF-8 encoding).
    public static func parse(
        _ text: String,
        maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        try parse(text.utf8, maxDepth: maxDepth)
    }

    // Results instead of throws because `withUnsafeBufferPointer` and friends only
    // rethrow untyped errors.
    private static func parseResult(
        _ buffer: UnsafeBufferPointer<UInt8>,
        maxDepth: Int
    ) -> Result<JSONValue, JSONParseError> {
        var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth)
        do {
            return .success(try scanner.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}
