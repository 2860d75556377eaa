import Foundation
import Testing

/// The storage boundary, checked on the source tree: HealthStore is the only module that
/// speaks SQLite (besides the command files that copy or check whole database files,
/// and the test support module), and the application module holds no SQL text.
@Suite struct ArchitectureTests {
    /// Files outside HealthStore that may import SQLiteStore: the CLI commands that back
    /// up, restore, verify or export a database file as a whole.
    static let allowedImporters: Set<String> = [
        "Sources/HealthCLI/CLI/BackupCommand.swift",
        "Sources/HealthCLI/CLI/RestoreCommand.swift",
        "Sources/HealthCLI/CLI/VerifyCommand.swift",
        "Sources/HealthCLI/CLI/ExportCommand.swift",
    ]
    /// Folders whose files may import SQLiteStore: the module itself, the store, and the
    /// helpers the test targets link.
    static let allowedFolders = ["Sources/SQLiteStore/", "Sources/HealthStore/", "Sources/HealthTesting/"]

    /// The package root: this file is `Tests/HealthStoreTests/ArchitectureTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func onlyTheStoreImportsSQLiteStore() throws {
        let files = try Self.swiftFiles(under: "Sources")
        #expect(files.count > 100, "the scan found the sources")
        let violations = files.filter { path, text in
            !Self.allowedImporters.contains(path) && !Self.allowedFolders.contains { path.hasPrefix($0) } && Self.importsSQLiteStore(text)
        }.keys.sorted()
        #expect(violations.isEmpty, "import SQLiteStore outside HealthStore: \(violations)")
    }

    @Test func theApplicationModuleHoldsNoSQL() throws {
        let files = try Self.swiftFiles(under: "Sources/HealthAPI")
        #expect(files.count > 50, "the scan found HealthAPI")
        var violations: [String] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            for literal in Self.stringLiterals(text) where Self.isSQL(literal.text) {
                violations.append("\(path):\(literal.line)")
            }
        }
        #expect(violations.isEmpty, "SQL text in HealthAPI: \(violations)")
    }

    /// The scanners themselves: SQL in single-line and multi-line literals is found, in
    /// comments and in prose it is not; every spelling of the import is seen.
    @Test func theScannersFindWhatTheyLookFor() {
        let source = """
            // SELECT in a comment is prose
            /// one `BEGIN IMMEDIATE` transaction
            let a = "SELECT value FROM settings WHERE key = ?"
            let b = \"\"\"
                INSERT INTO samples (key) VALUES (?)
                \"\"\"
            let c = "select a metric" + "UPDATE settings SET value = 1"
            let d = "an \\"escaped\\" quote, then DELETE FROM x"
            let e = "the dashboard's <select> element"
            """
        let found = Self.stringLiterals(source).filter { Self.isSQL($0.text) }.map(\.line)
        #expect(found == [3, 4, 7, 8])
        #expect(Self.importsSQLiteStore("import Foundation\nimport SQLiteStore\n"))
        #expect(Self.importsSQLiteStore("@testable import SQLiteStore"))
        #expect(Self.importsSQLiteStore("@_exported import SQLiteStore"))
        #expect(Self.importsSQLiteStore("import struct SQLiteStore.Database"))
        #expect(!Self.importsSQLiteStore("import HealthStore\n// import SQLiteStore is HealthStore's alone"))
    }

    // MARK: Scanning

    static let sqlPattern = try! NSRegularExpression(
        pattern: #"\b(SELECT|INSERT INTO|INSERT OR REPLACE INTO|UPDATE \w+ SET|DELETE FROM|CREATE (TABLE|INDEX)|BEGIN IMMEDIATE|PRAGMA)\b"#)
    static let importPattern = try! NSRegularExpression(
        pattern: #"^\s*(@\w+\s+)*import\s+(\w+\s+)?SQLiteStore\b"#, options: .anchorsMatchLines)

    static func isSQL(_ text: String) -> Bool {
        sqlPattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func importsSQLiteStore(_ text: String) -> Bool {
        importPattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Every `.swift` file under `folder`, by its path from the package root.
    static func swiftFiles(under folder: String) throws -> [String: String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [:] }
        var files: [String: String] = [:]
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files[folder + "/" + relative] = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
        }
        return files
    }

    /// The string literals of Swift source, with the line each starts on: `"…"` with
    /// escapes, and `"""…"""` over several lines. Comments are skipped; interpolations
    /// stay inside the literal's text, which is enough to see SQL keywords.
    static func stringLiterals(_ source: String) -> [(line: Int, text: String)] {
        var literals: [(line: Int, text: String)] = []
        let chars = Array(source)
        var i = 0, line = 1
        func peek(_ s: String, at index: Int) -> Bool {
            let pattern = Array(s)
            guard index + pattern.count <= chars.count else { return false }
            return Array(chars[index..<index + pattern.count]) == pattern
        }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { line += 1; i += 1; continue }
            if peek("//", at: i) {
                while i < chars.count && chars[i] != "\n" { i += 1 }
                continue
            }
            if peek("/*", at: i) {
                i += 2
                while i < chars.count && !peek("*/", at: i) { if chars[i] == "\n" { line += 1 }; i += 1 }
                i += 2
                continue
            }
            if peek("\"\"\"", at: i) {
                let start = line
                i += 3
                var text = ""
                while i < chars.count && !peek("\"\"\"", at: i) {
                    if chars[i] == "\\", i + 1 < chars.count { text.append(chars[i]); text.append(chars[i + 1]); i += 2; continue }
                    if chars[i] == "\n" { line += 1 }
                    text.append(chars[i]); i += 1
                }
                i += 3
                literals.append((start, text))
                continue
            }
            if c == "\"" {
                i += 1
                var text = ""
                while i < chars.count && chars[i] != "\"" && chars[i] != "\n" {
                    if chars[i] == "\\", i + 1 < chars.count { text.append(chars[i]); text.append(chars[i + 1]); i += 2; continue }
                    text.append(chars[i]); i += 1
                }
                i += 1
                literals.append((line, text))
                continue
            }
            i += 1
        }
        return literals
    }
}
