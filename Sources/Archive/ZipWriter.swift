#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib

/// Writes a zip archive entry by entry, streaming each entry's data through deflate, so
/// generated exports of any size are written in constant memory. Local headers are
/// patched with sizes and CRC once an entry ends (the file is seekable), so no data
/// descriptors are needed. With `zip64` every entry and the end record use the zip64
/// forms (APPNOTE 4.5.3, 4.3.14), as archives over 4 GiB must.
public final class ZipWriter {
    private let fd: Int32
    private let zip64: Bool
    private var offset: Int64 = 0
    private var central: [UInt8] = []
    private var count = 0
    private var current: (name: [UInt8], headerOffset: Int64, dataStart: Int64, crc: uLong, size: Int64, deflater: Deflater?)?
    private var pending: [UInt8] = []

    /// Creates (or truncates) `path`.
    public init(path: String, zip64: Bool = false) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ArchiveError(.io, "cannot create '\(path)': \(String(cString: strerror(errno)))") }
        self.zip64 = zip64
    }

    deinit { close(fd) }

    /// Starts an entry named `name`; `compress` chooses deflate over stored.
    public func begin(_ name: String, compress: Bool = true) throws {
        precondition(current == nil, "end the previous entry first")
        let nameBytes = Array(name.utf8)
        var header: [UInt8] = []
        header.le32(0x0403_4B50)
        header.le16(zip64 ? 45 : 20)
        header.le16(0x0800)  // names are UTF-8 (APPNOTE 4.4.4, bit 11)
        header.le16(compress ? 8 : 0)
        header.le32(0)  // time and date: 1980-00-00, generated files carry none
        header.le32(0)  // CRC, patched later
        header.le32(zip64 ? 0xFFFF_FFFF : 0)
        header.le32(zip64 ? 0xFFFF_FFFF : 0)
        header.le16(UInt16(nameBytes.count))
        header.le16(zip64 ? 20 : 0)
        header.append(contentsOf: nameBytes)
        if zip64 {
            header.le16(0x0001)
            header.le16(16)
            header.le64(0)
            header.le64(0)
        }
        let headerOffset = offset
        try write(header)
        current = (nameBytes, headerOffset, offset, crc32(0, nil, 0), 0, compress ? try Deflater() : nil)
    }

    /// Appends bytes to the current entry.
    public func write(entryData bytes: some Collection<UInt8>) throws {
        guard var entry = current else { preconditionFailure("begin an entry first") }
        let array = Array(bytes)
        array.withUnsafeBytes { raw in
            entry.crc = crc32(entry.crc, raw.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(raw.count))
        }
        entry.size += Int64(array.count)
        if let deflater = entry.deflater {
            pending.removeAll(keepingCapacity: true)
            array.withUnsafeBytes { deflater.deflate($0, finish: false, into: &pending) }
            current = entry
            try write(pending)
        } else {
            current = entry
            try write(array)
        }
    }

    /// Ends the current entry: flushes deflate, patches the local header, records the directory entry.
    public func end() throws {
        guard let entry = current else { preconditionFailure("no entry to end") }
        if let deflater = entry.deflater {
            pending.removeAll(keepingCapacity: true)
            [UInt8]().withUnsafeBytes { deflater.deflate($0, finish: true, into: &pending) }
            try write(pending)
        }
        let compressed = offset - entry.dataStart
        let crc = UInt32(truncatingIfNeeded: entry.crc)
        var patch: [UInt8] = []
        patch.le32(crc)
        if zip64 {
            try pwriteAll(patch, at: entry.headerOffset + 14)
            var sizes: [UInt8] = []
            sizes.le64(UInt64(entry.size))
            sizes.le64(UInt64(compressed))
            try pwriteAll(sizes, at: entry.headerOffset + 30 + Int64(entry.name.count) + 4)
        } else {
            patch.le32(UInt32(compressed))
            patch.le32(UInt32(entry.size))
            try pwriteAll(patch, at: entry.headerOffset + 14)
        }
        central.le32(0x0201_4B50)
        central.le16(zip64 ? 45 : 20)
        central.le16(zip64 ? 45 : 20)
        central.le16(0x0800)
        central.le16(entry.deflater == nil ? 0 : 8)
        central.le32(0)
        central.le32(crc)
        central.le32(zip64 ? 0xFFFF_FFFF : UInt32(compressed))
        central.le32(zip64 ? 0xFFFF_FFFF : UInt32(entry.size))
        central.le16(UInt16(entry.name.count))
        central.le16(zip64 ? 28 : 0)
        central.le16(0)
        central.le16(0)
        central.le16(0)
        central.le32(0)
        central.le32(zip64 ? 0xFFFF_FFFF : UInt32(entry.headerOffset))
        central.append(contentsOf: entry.name)
        if zip64 {
            central.le16(0x0001)
            central.le16(24)
            central.le64(UInt64(entry.size))
            central.le64(UInt64(compressed))
            central.le64(UInt64(entry.headerOffset))
        }
        count += 1
        current = nil
    }

    /// Writes the central directory and the end records.
    public func finish() throws {
        precondition(current == nil, "end the last entry first")
        let directoryOffset = offset
        try write(central)
        var tail: [UInt8] = []
        if zip64 {
            let zip64At = offset
            tail.le32(0x0606_4B50)
            tail.le64(44)
            tail.le16(45)
            tail.le16(45)
            tail.le32(0)
            tail.le32(0)
            tail.le64(UInt64(count))
            tail.le64(UInt64(count))
            tail.le64(UInt64(central.count))
            tail.le64(UInt64(directoryOffset))
            tail.le32(0x0706_4B50)
            tail.le32(0)
            tail.le64(UInt64(zip64At))
            tail.le32(1)
        }
        tail.le32(0x0605_4B50)
        tail.le16(0)
        tail.le16(0)
        tail.le16(zip64 ? 0xFFFF : UInt16(count))
        tail.le16(zip64 ? 0xFFFF : UInt16(count))
        tail.le32(zip64 ? 0xFFFF_FFFF : UInt32(central.count))
        tail.le32(zip64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
        tail.le16(0)
        try write(tail)
    }

    private func write(_ bytes: [UInt8]) throws {
        try pwriteAll(bytes, at: offset)
        offset += Int64(bytes.count)
    }

    private func pwriteAll(_ bytes: [UInt8], at position: Int64) throws {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { raw in pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(position) + off_t(done)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ArchiveError(.io, "cannot write the archive: \(String(cString: strerror(errno)))", offset: position + Int64(done))
            }
            done += count
        }
    }
}

extension [UInt8] {
    mutating func le16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
    mutating func le32(_ value: UInt32) { le16(UInt16(value & 0xFFFF)); le16(UInt16(value >> 16)) }
    mutating func le64(_ value: UInt64) { le32(UInt32(value & 0xFFFF_FFFF)); le32(UInt32(value >> 32)) }
}
