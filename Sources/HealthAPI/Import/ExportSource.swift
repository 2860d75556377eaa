import Archive
import XMLStream

/// The export inside what the user handed over: `export.zip` (the XML file in the
/// zip's top folder whose root element is `HealthData`, whatever the phone's language
/// named it, with its route files beside it) or a bare `export.xml` (no routes).
struct ExportSource {
    /// The file.
    let file: ReadOnlyFile
    /// The archive, when the file is one.
    let archive: ZipArchive?
    /// The export's entry inside the archive.
    let entry: ZipEntry?
    /// The folder the export's relative paths start from (`apple_health_export/`), inside the archive.
    let folder: String
    /// The archive's entries by name, for route files.
    let entriesByName: [String: ZipEntry]

    /// The name of the export inside the file, for reports.
    var exportName: String { entry?.name ?? file.path }

    /// Bytes the progress is measured against: the export entry's compressed size, or the file's size.
    var totalBytes: Int64 { entry?.compressedSize ?? file.size }

    /// Opens `path` and finds the export in it.
    init(path: String) throws {
        file = try ReadOnlyFile(path: path)
        guard ZipArchive.looksLikeZip(file) else {
            archive = nil
            entry = nil
            folder = ""
            entriesByName = [:]
            return
        }
        let archive = try ZipArchive(file: file)
        self.archive = archive
        entriesByName = Dictionary(archive.entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Candidates: `.xml` files at the top or in one top folder; never macOS resource
        // forks (`__MACOSX/…/._export.xml`), never the clinical `export_cda.xml`.
        let candidates = archive.entries.filter { entry in
            let parts = entry.components
            guard !entry.isDirectory, (1...2).contains(parts.count), let last = parts.last else { return false }
            return last.lowercased().hasSuffix(".xml") && !last.hasPrefix("._") && parts.first != "__MACOSX"
                && last.lowercased() != "export_cda.xml"
        }
        var found: ZipEntry?
        for candidate in candidates.sorted(by: { $0.components.count < $1.components.count }) {
            if try Self.rootElement(archive.reader(for: candidate)) == "HealthData" {
                found = candidate
                break
            }
        }
        guard let found else {
            throw ImportFailure("the archive holds no Apple Health export: no XML file in its top folder has the root element <HealthData> (looked at \(candidates.count) file\(candidates.count == 1 ? "" : "s"))")
        }
        entry = found
        let parts = found.components
        folder = parts.count == 2 ? String(parts[0]) + "/" : ""
    }

    /// A reader of the export's XML bytes and a function telling how many bytes of the file it has consumed.
    func xmlReader() throws -> (read: XMLStreamReader.Source, consumed: () -> Int64) {
        if let archive, let entry {
            let reader = try archive.reader(for: entry)
            return ({ buffer in try reader.read(into: buffer) }, { reader.compressedBytesRead })
        }
        let file = self.file
        let position = Position()
        return ({ buffer in
            let count = try file.read(into: buffer, at: position.value)
            position.value += Int64(count)
            return count
        }, { position.value })
    }

    /// The archive entry of the route file `reference` names, when the export can reach it.
    func routeEntry(_ reference: String) -> ZipEntry? {
        guard archive != nil else { return nil }
        return entriesByName[folder + reference] ?? entriesByName[reference]
    }

    /// The route file `reference` names (relative to the export folder), as a byte source; nil when unreachable.
    func routeReader(_ reference: String) throws -> XMLStreamReader.Source? {
        guard let archive else { return nil }
        let wanted = folder + reference
        guard let entry = entriesByName[wanted] ?? entriesByName[reference] else { return nil }
        let reader = try archive.reader(for: entry)
        return { buffer in try reader.read(into: buffer) }
    }

    /// The name of the first element of the XML `reader` yields, reading only as far as that.
    static func rootElement(_ reader: ZipEntryReader) throws -> String? {
        let xml = XMLStreamReader(bufferSize: 64 * 1024) { buffer in try reader.read(into: buffer) }
        while let event = try? xml.next() {
            if case .start(let element) = event { return element.name }
        }
        return nil
    }

    /// A mutable byte position shared by the closures of one reader.
    final class Position {
        var value: Int64 = 0
    }
}
