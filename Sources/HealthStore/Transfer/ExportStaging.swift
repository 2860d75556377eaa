import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where `JSONLinesExport` writes: a fresh sibling of the directory asked for
/// (`DIR.partial-<random>`), renamed onto it only once every file is complete and flushed.
/// An export that fails is removed, so it never leaves a directory that passes for an
/// export, and an earlier export at `DIR` stays whole until the new one replaces it.
struct ExportStaging {
    /// The directory asked for, without a trailing slash.
    let target: String
    /// The sibling the files are written into.
    let partial: String

    /// Checks that `target` may be written (see `checkReplaceable`) and creates the sibling,
    /// and the parent directories it needs.
    init(target: String) throws {
        var target = target
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        guard !target.isEmpty else { throw ExportError("name the directory to write") }
        self.target = target
        try Self.checkReplaceable(target)
        let parent = (target as NSString).deletingLastPathComponent
        if !parent.isEmpty { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        partial = target + ".partial-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        // 0700: the files are health data.
        guard mkdir(partial, 0o700) == 0 else { throw ExportError("cannot create \(partial): \(Self.errorText())") }
    }

    /// Refuses a `target` that holds anything but an earlier export: replacing it must
    /// never delete a file the export did not write. Nothing, an empty directory, or a
    /// directory of only `manifest.json` and `<table>.jsonl` files may be replaced.
    static func checkReplaceable(_ target: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw ExportError("\(target) exists and is not a directory") }
        let ours = Set([JSONLinesExport.manifestName] + JSONLinesExport.tables.map { $0 + ".jsonl" })
        let foreign = try FileManager.default.contentsOfDirectory(atPath: target).filter { !ours.contains($0) }.sorted()
        guard foreign.isEmpty else {
            throw ExportError("\(target) holds files an export does not write (\(foreign.prefix(3).joined(separator: ", "))); "
                + "name a new or empty directory, or an earlier export to replace")
        }
    }

    /// Puts the complete export in place of `target`. `rename` replaces nothing but an
    /// empty directory, so an earlier export is moved aside first and removed after.
    func install() throws {
        try Self.syncDirectory(partial)
        if rename(partial, target) != 0 {
            guard errno == ENOTEMPTY || errno == EEXIST else {
                throw ExportError("cannot rename \(partial) to \(target): \(Self.errorText())")
            }
            try Self.checkReplaceable(target)
            let aside = target + ".replaced-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
            guard rename(target, aside) == 0 else { throw ExportError("cannot move the earlier export \(target) aside: \(Self.errorText())") }
            guard rename(partial, target) == 0 else {
                let failure = ExportError("cannot rename \(partial) to \(target): \(Self.errorText())")
                _ = rename(aside, target)
                throw failure
            }
            try? FileManager.default.removeItem(atPath: aside)
        }
        let parent = (target as NSString).deletingLastPathComponent
        try Self.syncDirectory(parent.isEmpty ? "." : parent)
    }

    /// Removes the sibling and whatever was written into it.
    func discard() {
        try? FileManager.default.removeItem(atPath: partial)
    }

    /// Flushes a directory's entries, so a rename or a new file survives a power cut.
    static func syncDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ExportError("cannot open \(path): \(errorText())") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw ExportError("cannot flush \(path): \(errorText())") }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
