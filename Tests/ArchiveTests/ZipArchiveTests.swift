import Archive
import Foundation
import Testing

/// Zip archives written by ``ZipWriter`` and read back by ``ZipArchive``: stored and
/// deflated entries, zip64, large entries in small reads, and damaged files.
@Suite struct ZipArchiveTests {
    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "healthd-zip-\(UUID().uuidString)-\(name)"
    }

    /// Writes `entries` (name, bytes, compressed) and returns the path.
    static func write(_ entries: [(String, [UInt8], Bool)], zip64: Bool = false) throws -> String {
        let path = temporaryPath("test.zip")
        let writer = try ZipWriter(path: path, zip64: zip64)
        for (name, bytes, compress) in entries {
            try writer.begin(name, compress: compress)
            // In pieces, as a generator writes.
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 7_777)
                try writer.write(entryData: bytes[offset..<end])
                offset = end
            }
            try writer.end()
        }
        try writer.finish()
        return path
    }

    /// Everything an entry inflates to, read through a small buffer.
    static func readAll(_ archive: ZipArchive, _ entry: ZipEntry, chunk: Int = 1000) throws -> [UInt8] {
        let reader = try archive.reader(for: entry)
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return out }
            out.append(contentsOf: buffer[0..<count])
        }
    }

    static func text(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var line = 0
        while bytes.count < count {
            bytes.append(contentsOf: Array("<Record type=\"HKQuantityTypeIdentifierStepCount\" value=\"\(line % 977)\"/>\n".utf8))
            line += 1
        }
        return Array(bytes.prefix(count))
    }

    @Test(arguments: [false, true])
    func storedAndDeflatedEntriesReadBackExactly(zip64: Bool) throws {
        let big = Self.text(3_000_000)
        let path = try Self.write([("folder/", [], false), ("folder/a.xml", big, true), ("folder/b.txt", Array("hello".utf8), false), ("empty", [], true)], zip64: zip64)
        let archive = try ZipArchive(path: path)
        #expect(archive.entries.map(\.name) == ["folder/", "folder/a.xml", "folder/b.txt", "empty"])
        let a = try #require(archive.entries.first { $0.name == "folder/a.xml" })
        #expect(a.method == .deflated)
        #expect(a.uncompressedSize == 3_000_000)
        #expect(a.compressedSize < a.uncompressedSize / 5)
        #expect(try Self.readAll(archive, a) == big)
        #expect(try Self.readAll(archive, archive.entries[2]) == Array("hello".utf8))
        #expect(try Self.readAll(archive, archive.entries[3]).isEmpty)
        #expect(archive.entries[0].isDirectory)
    }

    @Test func aCutOffArchiveHasNoDirectory() throws {
        let path = try Self.write([("a.xml", Self.text(200_000), true)])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = Self.temporaryPath("cut.zip")
        try bytes.prefix(bytes.count - 30).write(to: URL(fileURLWithPath: cut))
        #expect {
            _ = try ZipArchive(path: cut)
        } throws: { error in
            (error as? ArchiveError)?.kind == .notAnArchive && (error as? ArchiveError)?.offset != nil
        }
    }

    @Test func damagedDataFailsItsChecks() throws {
        let original = Self.text(100_000)
        let path = try Self.write([("a.xml", original, true)])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Flip bytes in the middle of the deflate stream.
        for index in 2_000..<2_010 { bytes[index] ^= 0x5A }
        let damaged = Self.temporaryPath("damaged.zip")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let archive = try ZipArchive(path: damaged)
        #expect {
            _ = try Self.readAll(archive, archive.entries[0])
        } throws: { error in
            let kind = (error as? ArchiveError)?.kind
            return kind == .corrupt
        }
    }

    @Test func aFileThatIsNoZipIsTold() throws {
        let path = Self.temporaryPath("plain.xml")
        try Data("<HealthData/>".utf8).write(to: URL(fileURLWithPath: path))
        let file = try ReadOnlyFile(path: path)
        #expect(!ZipArchive.looksLikeZip(file))
        #expect { _ = try ZipArchive(file: file) } throws: { ($0 as? ArchiveError)?.kind == .notAnArchive }
        #expect { _ = try ReadOnlyFile(path: Self.temporaryPath("missing")) } throws: { ($0 as? ArchiveError)?.kind == .io }
    }
}
