/// The size limits the parser enforces while bytes arrive, taken from the configuration.
struct ParserLimits: Sendable {
    var maxRequestLineBytes: Int
    var maxHeaderBytes: Int
    var maxHeaderCount: Int
    var maxBodyBytes: Int
    /// Longest chunk-size line (size plus ignored extensions).
    var maxChunkLineBytes: Int = 4096

    init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 32 * 1024, maxHeaderCount: Int = 100,
         maxBodyBytes: Int = 16 * 1024 * 1024) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }

    init(_ configuration: HTTPServerConfiguration) {
        self.init(maxRequestLineBytes: configuration.maxRequestLineBytes, maxHeaderBytes: configuration.maxHeaderBytes,
                  maxHeaderCount: configuration.maxHeaderCount, maxBodyBytes: configuration.maxBodyBytes)
    }
}
