/// A zip archive read through its central directory (PKWARE APPNOTE 6.3.x), zip64
/// included: the directory at the end lists every entry with its sizes and offset, so an
/// entry is read on its own, from its local header, without touching the others. Memory
/// is the directory plus one reader's buffers, whatever the archive's size.
public final class ZipArchive {
    /// The file the archive lives in.
    public let file: ReadOnlyFile
    /// Every entry, in directory order.
    public let entries: [ZipEntry]

    /// The four bytes every zip file starts with (a local file header, APPNOTE 4.3.7).
    public static let localHeaderSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Opens `path` and reads its central directory.
    public convenience init(path: String) throws {
        try self.init(file: ReadOnlyFile(path: path))
    }

    /// Reads the central directory of `file`.
    public init(file: ReadOnlyFile) throws {
        self.file = file
        entries = try Self.readDirectory(file)
    }

    /// Whether the file at `path` starts like a zip archive.
    public static func looksLikeZip(_ file: ReadOnlyFile) -> Bool {
        (try? file.bytes(4, at: 0)) == localHeaderSignature
    }

    /// A reader of `entry`'s uncompressed bytes.
    public func reader(for entry: ZipEntry) throws -> ZipEntryReader {
        try ZipEntryReader(file: file, entry: entry)
    }

    // MARK: The directory

    private static func readDirectory(_ file: ReadOnlyFile) throws -> [ZipEntry] {
        // The end-of-central-directory record is 22 bytes plus a comment of up to 65,535
        // bytes (APPNOTE 4.3.16), so it lies in the last 65,557 bytes.
        let tailLength = Int(min(file.size, 22 + 65_535))
        guard tailLength >= 22 else {
            throw ArchiveError(.notAnArchive, "the file is \(file.size) bytes long, too short for a zip archive", offset: file.size)
        }
        let tailStart = file.size - Int64(tailLength)
        let tail = try file.bytes(tailLength, at: tailStart)
        var found: Int?
        var index = tailLength - 22
        while index >= 0 {
            if tail[index] == 0x50, tail[index + 1] == 0x4B, tail[index + 2] == 0x05, tail[index + 3] == 0x06 {
                found = index
                break
            }
            index -= 1
        }
        guard let eocd = found else {
            throw ArchiveError(.notAnArchive, "no end-of-central-directory record: the file is not a zip archive or was cut off (it ends at byte \(file.size))", offset: file.size)
        }
        var record = ByteCursor(tail, at: eocd + 4)
        let disk = record.u16(), directoryDisk = record.u16()
        _ = record.u16()
        var count = Int64(record.u16())
        var directorySize = Int64(record.u32())
        var directoryOffset = Int64(record.u32())
        guard disk == 0 || disk == 0xFFFF, directoryDisk == 0 || directoryDisk == 0xFFFF else {
            throw ArchiveError(.unsupported, "multi-volume zip archives are not supported")
        }

        // Zip64 (APPNOTE 4.3.14–4.3.15): a locator just before the record points at the
        // zip64 end-of-central-directory record, which holds the 64-bit values.
        let locatorAt = eocd - 20
        if locatorAt >= 0, tail[locatorAt] == 0x50, tail[locatorAt + 1] == 0x4B, tail[locatorAt + 2] == 0x06, tail[locatorAt + 3] == 0x07 {
            var locator = ByteCursor(tail, at: locatorAt + 8)
            let zip64At = Int64(locator.u64())
            let zip64 = try file.bytes(56, at: zip64At)
            guard zip64[0] == 0x50, zip64[1] == 0x4B, zip64[2] == 0x06, zip64[3] == 0x06 else {
                throw ArchiveError(.corrupt, "the zip64 locator points at byte \(zip64At), which holds no zip64 end-of-central-directory record", offset: zip64At)
            }
            var cursor = ByteCursor(zip64, at: 32)
            count = Int64(cursor.u64())
            directorySize = Int64(cursor.u64())
            directoryOffset = Int64(cursor.u64())
        }
        guard directoryOffset >= 0, directorySize >= 0, directoryOffset + directorySize <= file.size, directorySize < 1 << 31 else {
            throw ArchiveError(.truncated, "the central directory (\(directorySize) bytes at byte \(directoryOffset)) lies beyond the end of the file (\(file.size) bytes)", offset: file.size)
        }
        let directory = try file.bytes(Int(directorySize), at: directoryOffset)
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(min(count, 1 << 20)))
        var cursor = ByteCursor(directory, at: 0)
        for number in 0..<count {
            guard cursor.remaining >= 46, cursor.u32() == 0x0201_4B50 else {
                throw ArchiveError(.corrupt, "central directory entry \(number + 1) of \(count) has no valid header", offset: directoryOffset + Int64(cursor.index))
            }
            cursor.skip(4)
            let flags = cursor.u16()
            let method = cursor.u16()
            cursor.skip(4)
            let crc = cursor.u32()
            var compressed = Int64(cursor.u32())
            var uncompressed = Int64(cursor.u32())
            let nameLength = Int(cursor.u16()), extraLength = Int(cursor.u16()), commentLength = Int(cursor.u16())
            cursor.skip(8)
            var offset = Int64(cursor.u32())
            guard cursor.remaining >= nameLength + extraLength + commentLength else {
                throw ArchiveError(.corrupt, "central directory entry \(number + 1) runs past the directory's end", offset: directoryOffset + Int64(cursor.index))
            }
            let name = String(decoding: directory[cursor.index..<(cursor.index + nameLength)], as: UTF8.self)
            cursor.skip(nameLength)
            // The zip64 extended information field holds, in this order, each value whose
            // 32-bit field is 0xFFFFFFFF (APPNOTE 4.5.3).
            var extra = ByteCursor(directory, at: cursor.index, end: cursor.index + extraLength)
            while extra.remaining >= 4 {
                let id = extra.u16(), size = Int(extra.u16())
                guard extra.remaining >= size else { break }
                if id == 0x0001 {
                    var field = ByteCursor(directory, at: extra.index, end: extra.index + size)
                    if uncompressed == 0xFFFF_FFFF, field.remaining >= 8 { uncompressed = Int64(field.u64()) }
                    if compressed == 0xFFFF_FFFF, field.remaining >= 8 { compressed = Int64(field.u64()) }
                    if offset == 0xFFFF_FFFF, field.remaining >= 8 { offset = Int64(field.u64()) }
                }
                extra.skip(size)
            }
            cursor.skip(extraLength + commentLength)
            let kind: ZipEntry.Method = method == 0 ? .stored : method == 8 ? .deflated : .other(method)
            entries.append(ZipEntry(name: name, method: kind, flags: flags, crc32: crc, compressedSize: compressed,
                                    uncompressedSize: uncompressed, localHeaderOffset: offset))
        }
        return entries
    }
}

/// Little-endian reads over a byte array (zip is little-endian throughout, APPNOTE 4.4.1.1).
struct ByteCursor {
    let bytes: [UInt8]
    var index: Int
    let end: Int

    init(_ bytes: [UInt8], at index: Int, end: Int? = nil) {
        self.bytes = bytes
        self.index = index
        self.end = end ?? bytes.count
    }

    var remaining: Int { end - index }

    mutating func skip(_ count: Int) { index += count }

    mutating func u16() -> UInt16 {
        defer { index += 2 }
        return UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
    }

    mutating func u32() -> UInt32 {
        defer { index += 4 }
        return UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
    }

    mutating func u64() -> UInt64 {
        let low = UInt64(u32())
        return low | UInt64(u32()) << 32
    }
}
