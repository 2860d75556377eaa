import Locking

/// Serialized documents that depend only on the server's configuration (capabilities),
/// built on first use and then served as bytes: no per-request JSON building.
public final class DocumentCache: Sendable {
    private let documents = Locked<[String: [UInt8]]>([:])

    public init() {}

    /// The bytes for `key`, building them with `make` the first time.
    public func bytes(_ key: String, _ make: () -> [UInt8]) -> [UInt8] {
        if let cached = documents.withLock({ $0[key] }) { return cached }
        let built = make()
        documents.withLock { $0[key] = $0[key] ?? built }
        return built
    }
}
