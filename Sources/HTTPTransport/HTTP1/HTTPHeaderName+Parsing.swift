extension HTTPHeaderName {
    /// A name the parser has already lowercased; skips the `lowercased()` copy.
    init(alreadyLowercased name: String) {
        self.lowercased = name
    }
}
