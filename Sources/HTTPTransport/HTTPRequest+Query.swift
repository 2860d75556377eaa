// TEMPORARY: replaced by the transport's implementation on merge.
extension HTTPRequest {
    public var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }
    public func queryValues(_ name: String) -> [String] { queryItems.filter { $0.name == name }.map(\.value) }
    public var decodedPath: String? { path }
}
