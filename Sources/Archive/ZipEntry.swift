/// One file in a zip archive, as its central directory describes it (APPNOTE 4.3.12),
/// with the zip64 extra field (APPNOTE 4.5.3) already applied to sizes and offset.
public struct ZipEntry: Sendable, Equatable {
    /// The stored compression methods this reader understands (APPNOTE 4.4.5).
    public enum Method: Sendable, Equatable {
        case stored
        case deflated
        case other(UInt16)
    }

    /// The path inside the archive, `/`-separated.
    public var name: String
    /// How the data is compressed.
    public var method: Method
    /// General purpose flags; bit 0 means encrypted.
    public var flags: UInt16
    /// CRC-32 of the uncompressed data.
    public var crc32: UInt32
    /// Bytes of compressed data.
    public var compressedSize: Int64
    /// Bytes once decompressed.
    public var uncompressedSize: Int64
    /// Where the entry's local header starts.
    public var localHeaderOffset: Int64

    /// Whether the entry is a directory (its name ends in `/`).
    public var isDirectory: Bool { name.hasSuffix("/") }

    /// The entry's path components, without empty ones.
    public var components: [Substring] { name.split(separator: "/", omittingEmptySubsequences: true) }
}
