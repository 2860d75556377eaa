import Archive
import Foundation

/// The hand-written export in `Fixtures/export`, zipped at run time the way a phone
/// shares it and a Mac re-zips it (`__MACOSX/…/._export.xml`, `.DS_Store`).
public enum ExportFixture {
    /// `Fixtures/export` in the repository.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/export")

    /// The export.xml of the fixture.
    public static var xmlPath: String { directory.appendingPathComponent("apple_health_export/export.xml").path }

    /// A fresh temporary folder.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("healthd-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a zip of `entries` (name, bytes), deflated, in their order, as `name` into `folder`.
    public static func zip(into folder: URL, name: String, entries: [(name: String, bytes: [UInt8])]) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let writer = try ZipWriter(path: path)
        for entry in entries {
            try writer.begin(entry.name)
            try writer.write(entryData: entry.bytes)
            try writer.end()
        }
        try writer.finish()
        return path
    }

    /// Writes the fixture as `export.zip` into `folder`; `xml` replaces the export's text.
    public static func zip(into folder: URL, name: String = "export.zip", exportName: String = "export.xml", xml: String? = nil, zip64: Bool = false) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let writer = try ZipWriter(path: path, zip64: zip64)
        // Decoys first, so finding the export cannot depend on order.
        try writer.begin("__MACOSX/apple_health_export/._\(exportName)")
        try writer.write(entryData: [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + Array("Mac OS X        ".utf8))
        try writer.end()
        try writer.begin("apple_health_export/.DS_Store", compress: false)
        try writer.write(entryData: Array("\u{0}\u{0}\u{0}\u{1}Bud1".utf8))
        try writer.end()
        for file in ["export_cda.xml", "workout-routes/route_2026-03-30_5.00pm.gpx"] {
            try writer.begin("apple_health_export/\(file)")
            try writer.write(entryData: try Data(contentsOf: directory.appendingPathComponent("apple_health_export/\(file)")))
            try writer.end()
        }
        try writer.begin("apple_health_export/\(exportName)")
        let text = try xml ?? String(contentsOfFile: xmlPath, encoding: .utf8)
        try writer.write(entryData: Array(text.utf8))
        try writer.end()
        try writer.finish()
        return path
    }
}
