// TEMPORARY: replaced by the real parser on merge.
public struct JSONParseError: Error, Sendable, Equatable { public var offset: Int; public var message: String }
public enum JSONParser {
    public static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue { throw JSONParseError(offset: 0, message: "unavailable") }
}
