import JSON

/// The result of one MCP request, ready to become its JSON-RPC response. A tool's
/// `structuredContent` is kept as the route's own serialized body and written into the
/// response as it is: parsing and writing out again a large answer (five years of weekly
/// points) would cost about as much as the query behind it.
struct MCPResult: Sendable {
    /// Every member but `structuredContent`.
    var members: [String: JSONValue]
    /// The tool's answer as JSON text (compact, keys sorted: what `JSONWriter` writes).
    var structuredContent: [UInt8]?

    init(_ members: [String: JSONValue], structuredContent: [UInt8]? = nil) {
        self.members = members
        self.structuredContent = structuredContent
    }

    static let structuredKey = "structuredContent"

    /// The JSON-RPC response carrying this result, byte for byte what `JSONWriter` would
    /// write for the whole value: keys sorted, no whitespace.
    func response(id: JSONValue) -> [UInt8] {
        var out: [UInt8] = Array(#"{"id":"#.utf8)
        out.reserveCapacity(128 + (structuredContent?.count ?? 0) * 2)
        out += JSONWriter.serialize(id)
        out += Array(#","jsonrpc":"2.0","result":"#.utf8)
        if let structuredContent {
            // Appending keeps the keys sorted only if `structuredContent` sorts after every
            // other member (content, isError, resultType, _meta do); one that does not goes
            // through the writer with the rest.
            let sortsLast = members.keys.allSatisfy { $0.utf8.lexicographicallyPrecedes(MCPResult.structuredKey.utf8) }
            if sortsLast {
                var head = JSONWriter.serialize(.object(members))
                head.removeLast()  // the object's closing brace
                out += head
                if !members.isEmpty { out.append(UInt8(ascii: ",")) }
                out += Array(#""structuredContent":"#.utf8)
                out += structuredContent
                out.append(UInt8(ascii: "}"))
            } else {
                var all = members
                all[MCPResult.structuredKey] = (try? JSONParser.parse(structuredContent)) ?? .null
                out += JSONWriter.serialize(.object(all))
            }
        } else {
            out += JSONWriter.serialize(.object(members))
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}
