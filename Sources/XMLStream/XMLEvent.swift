/// One step of a streamed XML document. Only what consumers of data files need:
/// elements with their attributes, and non-blank text. Declarations, processing
/// instructions, comments and the document type are consumed and never reported.
public enum XMLEvent: Sendable, Equatable {
    /// A start tag (`selfClosing` for `<a/>`, which gets no ``end(_:)``).
    case start(XMLElement)
    /// An end tag, by name.
    case end(String)
    /// Character data between tags with entities resolved; whitespace-only runs are skipped.
    case text(String)
}

/// A start tag: its name and attributes in document order, values with entities resolved.
public struct XMLElement: Sendable, Equatable {
    /// The element name, prefix included (`gpx:trkpt` stays as written).
    public var name: String
    /// (name, value) pairs in the order written.
    public var attributes: [(name: String, value: String)]
    /// Whether the tag was `<name …/>`.
    public var selfClosing: Bool

    /// An element with explicit parts.
    public init(name: String, attributes: [(name: String, value: String)] = [], selfClosing: Bool = false) {
        self.name = name
        self.attributes = attributes
        self.selfClosing = selfClosing
    }

    /// The value of the first attribute called `name`.
    public subscript(_ name: String) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }

    public static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        lhs.name == rhs.name && lhs.selfClosing == rhs.selfClosing
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name) && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }
}
