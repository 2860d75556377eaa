import CZlib

/// Streams one entry's uncompressed bytes: compressed data is read from the file in
/// fixed-size chunks and inflated into the caller's buffer, so memory stays at two
/// buffers however large the entry. The CRC-32 is checked when the entry ends.
public final class ZipEntryReader {
    /// The entry being read.
    public let entry: ZipEntry
    private let file: ReadOnlyFile
    private let dataStart: Int64
    private var position: Int64
    private var input: [UInt8]
    private var inputStart = 0
    private var inputEnd = 0
    private var inflater: Inflater?
    private var crc: uLong = crc32(0, nil, 0)
    private var produced: Int64 = 0
    private var done = false

    /// Compressed bytes read so far (for progress against ``ZipEntry/compressedSize``).
    public var compressedBytesRead: Int64 { position - dataStart - Int64(inputEnd - inputStart) }

    init(file: ReadOnlyFile, entry: ZipEntry, chunkSize: Int = 256 * 1024) throws {
        self.file = file
        self.entry = entry
        if entry.flags & 1 != 0 { throw ArchiveError(.unsupported, "'\(entry.name)' is encrypted") }
        if case .other(let method) = entry.method {
            throw ArchiveError(.unsupported, "'\(entry.name)' uses compression method \(method); only stored and deflate are supported")
        }
        // The local header repeats name and extra field, possibly with other lengths
        // than the directory's (APPNOTE 4.3.7), so the data offset comes from it.
        let header = try file.bytes(30, at: entry.localHeaderOffset)
        var cursor = ByteCursor(header, at: 0)
        guard cursor.u32() == 0x0403_4B50 else {
            throw ArchiveError(.corrupt, "'\(entry.name)' has no local header at byte \(entry.localHeaderOffset)", offset: entry.localHeaderOffset)
        }
        cursor.skip(22)
        let nameLength = Int64(cursor.u16()), extraLength = Int64(cursor.u16())
        dataStart = entry.localHeaderOffset + 30 + nameLength + extraLength
        guard dataStart + entry.compressedSize <= file.size else {
            throw ArchiveError(.truncated, "'\(entry.name)' needs \(entry.compressedSize) bytes from byte \(dataStart) but the file ends at byte \(file.size)", offset: file.size)
        }
        position = dataStart
        input = [UInt8](repeating: 0, count: chunkSize)
        if entry.method == .deflated { inflater = try Inflater() }
    }

    /// Fills `buffer` with the next uncompressed bytes; 0 once the entry is complete and its checksum verified.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !done, buffer.count > 0 else { return 0 }
        let end = dataStart + entry.compressedSize
        while true {
            if inputStart == inputEnd, position < end {
                let want = Int(min(Int64(input.count), end - position))
                let offset = position
                let got = try input.withUnsafeMutableBytes { (raw) throws -> Int in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want]), at: offset)
                }
                guard got > 0 else { throw ArchiveError(.truncated, "'\(entry.name)' is cut off", offset: position) }
                position += Int64(got)
                inputStart = 0
                inputEnd = got
            }
            let count: Int
            if let inflater {
                if inflater.finished { return try finish() }
                let result = try input.withUnsafeBytes { (raw) throws -> (consumed: Int, produced: Int) in
                    try inflater.inflate(UnsafeRawBufferPointer(rebasing: raw[inputStart..<inputEnd]), into: buffer)
                }
                inputStart += result.consumed
                count = result.produced
                if count == 0 {
                    if inflater.finished { return try finish() }
                    if inputStart == inputEnd, position >= end {
                        throw ArchiveError(.truncated, "the compressed data of '\(entry.name)' ends before its last block", offset: position)
                    }
                    continue
                }
            } else {
                if inputStart == inputEnd { return try finish() }
                count = min(buffer.count, inputEnd - inputStart)
                input.withUnsafeBytes { raw in
                    buffer.baseAddress!.copyMemory(from: raw.baseAddress! + inputStart, byteCount: count)
                }
                inputStart += count
            }
            crc = crc32(crc, buffer.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(count))
            produced += Int64(count)
            return count
        }
    }

    private func finish() throws -> Int {
        done = true
        guard produced == entry.uncompressedSize else {
            throw ArchiveError(.corrupt, "'\(entry.name)' inflates to \(produced) bytes; the directory says \(entry.uncompressedSize)", offset: position)
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw ArchiveError(.corrupt, "'\(entry.name)' fails its CRC-32 check", offset: position)
        }
        return 0
    }
}
