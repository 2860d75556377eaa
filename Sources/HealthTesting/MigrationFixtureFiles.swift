import Archive
import Foundation

/// The database an earlier release wrote, kept zipped in `Fixtures/migration` (its README
/// says how it was made), for the tests that convert it.
public enum MigrationFixtureFiles {
    /// `Fixtures/migration` in the repository.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/migration").path

    /// The zip holding the database, and the database's name inside it.
    public static let zipName = "release-schema-11.sqlite.zip"
    public static let databaseName = "release-schema-11.sqlite"

    /// Unzips the database into `folder` (created when missing) as `name`; returns its path.
    public static func unpackDatabase(into folder: String, name: String = "health.sqlite") throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let archive = try ZipArchive(path: directory + "/" + zipName)
        guard let entry = archive.entries.first(where: { $0.name == databaseName }) else {
            throw ArchiveError(.notAnArchive, "\(zipName) holds no \(databaseName)")
        }
        let reader = try archive.reader(for: entry)
        let path = folder + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ArchiveError(.io, "cannot create \(path)")
        }
        defer { try? handle.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            try handle.write(contentsOf: buffer[..<count])
        }
        return path
    }

    /// Replaces the zip with one holding the database at `path` (recording the fixture).
    public static func packDatabase(_ path: String) throws {
        let zip = directory + "/" + zipName
        try? FileManager.default.removeItem(atPath: zip)
        let writer = try ZipWriter(path: zip)
        try writer.begin(databaseName)
        try writer.write(entryData: try Data(contentsOf: URL(fileURLWithPath: path)))
        try writer.end()
        try writer.finish()
    }
}
