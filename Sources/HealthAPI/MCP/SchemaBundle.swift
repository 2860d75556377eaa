import JSON

/// Makes a schema that refers to `#/components/schemas/…` self-contained, as MCP tool
/// schemas must be: the referenced components (and theirs, transitively) move under
/// `$defs` and the references follow. A root that is only a reference is inlined, so the
/// root is the object schema itself.
enum SchemaBundle {
    static let componentPrefix = "#/components/schemas/"

    static func bundle(_ schema: JSONValue, components: [String: JSONValue] = Schemas.components) -> JSONValue {
        var root = schema
        if case .object(let members) = schema, members.count == 1, let ref = members["$ref"]?.stringValue,
           ref.hasPrefix(componentPrefix), let target = components[String(ref.dropFirst(componentPrefix.count))] {
            root = target
        }
        var needed: [String] = []
        var rewritten = rewrite(root, needed: &needed)
        var defs: [String: JSONValue] = [:]
        while let name = needed.popLast() {
            guard defs[name] == nil, let component = components[name] else { continue }
            defs[name] = .null
            defs[name] = rewrite(component, needed: &needed)
        }
        if !defs.isEmpty, case .object(var members) = rewritten {
            members["$defs"] = .object(defs)
            rewritten = .object(members)
        }
        return rewritten
    }

    /// The value with every component reference pointing into `$defs`, collecting names.
    private static func rewrite(_ value: JSONValue, needed: inout [String]) -> JSONValue {
        switch value {
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, member) in members {
                if key == "$ref", let ref = member.stringValue, ref.hasPrefix(componentPrefix) {
                    let name = String(ref.dropFirst(componentPrefix.count))
                    needed.append(name)
                    out[key] = .string("#/$defs/" + name)
                } else if key == "discriminator" {
                    // OpenAPI's discriminator maps to component paths JSON Schema does not know.
                    continue
                } else {
                    out[key] = rewrite(member, needed: &needed)
                }
            }
            return .object(out)
        case .array(let items):
            return .array(items.map { rewrite($0, needed: &needed) })
        default:
            return value
        }
    }
}
