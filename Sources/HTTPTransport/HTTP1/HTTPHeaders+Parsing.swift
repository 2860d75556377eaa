extension HTTPHeaders.Field {
    /// A field from the parser, whose lowercased name is already known.
    init(rawName: String, lowercasedName: String, value: String) {
        self.rawName = rawName
        self.name = HTTPHeaderName(alreadyLowercased: lowercasedName)
        self.value = value
    }
}
