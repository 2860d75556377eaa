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
    /// An import declaration at the start of a line: attributes (`@testable`, `@_spi(…)`), an
    /// access level, the kind of a single-symbol import (`import struct M.T`), then the module.
    static let importPattern = try! NSRegularExpression(
        pattern: #"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?(\w+)"#,
        options: .anchorsMatchLines)

    static func isSQL(_ text: String) -> Bool {
        sqlPattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func importsSQLiteStore(_ text: String) -> Bool {
        imports(text).contains { $0.module == "SQLiteStore" }
    }

    /// The modules `source` imports, each with the line of its declaration; what looks like
    /// an import inside a comment or a string literal (a command's help text) is not one.
    static func imports(_ source: String) -> [(line: Int, module: String)] {
        let text = lex(source).code
        let code = NSString(string: text)
        return importPattern.matches(in: text, range: NSRange(location: 0, length: code.length)).map { match in
            let before = code.substring(to: match.range.location)
            return (before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }, code.substring(with: match.range(at: 1)))
        }
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

    /// The string literals of Swift source, with the line each starts on.
    static func stringLiterals(_ source: String) -> [(line: Int, text: String)] {
        lex(source).literals
    }

    /// Swift source taken apart: its string literals (`"…"` with escapes, `"""…"""` over
    /// several lines, raw `#"…"#`), each with the line it starts on, and its code with every
    /// literal and comment blanked out, line breaks kept so line numbers still hold.
    /// Interpolations stay inside the literal's text, which is enough to see SQL keywords.
    /// Works on UTF-8 bytes: every delimiter is ASCII, and bytes compare fast.
    static func lex(_ source: String) -> (code: String, literals: [(line: Int, text: String)]) {
        let newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
        let space = UInt8(ascii: " "), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        var literals: [(line: Int, text: String)] = []
        let bytes = Array(source.utf8)
        var code: [UInt8] = []
        code.reserveCapacity(bytes.count)
        var i = 0, line = 1
        func peek(_ pattern: [UInt8], at index: Int) -> Bool {
            guard index + pattern.count <= bytes.count else { return false }
            for k in pattern.indices where bytes[index + k] != pattern[k] { return false }
            return true
        }
        /// Skips one byte of a comment or literal: blank in `code`, its line counted.
        func skip() {
            if bytes[i] == newline { line += 1; code.append(newline) } else { code.append(space) }
            i += 1
        }
        while i < bytes.count {
            if peek([slash, slash], at: i) {
                while i < bytes.count && bytes[i] != newline { skip() }
                continue
            }
            if peek([slash, star], at: i) {
                skip(); skip()
                while i < bytes.count && !peek([star, slash], at: i) { skip() }
                if i < bytes.count { skip(); skip() }
                continue
            }
            var hashes = 0
            while i + hashes < bytes.count && bytes[i + hashes] == hash { hashes += 1 }
            guard i + hashes < bytes.count, bytes[i + hashes] == quote else {
                if bytes[i] == newline { line += 1 }
                code.append(bytes[i])
                i += 1
                continue
            }
            let start = line
            let multiline = peek([quote, quote, quote], at: i + hashes)
            let closing = (multiline ? [quote, quote, quote] : [quote]) + Array(repeating: hash, count: hashes)
            for _ in 0..<(hashes + (multiline ? 3 : 1)) { skip() }
            var text: [UInt8] = []
            while i < bytes.count && !peek(closing, at: i) && (multiline || bytes[i] != newline) {
                if hashes == 0 && bytes[i] == backslash && i + 1 < bytes.count {
                    text.append(bytes[i]); skip()
                }
                text.append(bytes[i]); skip()
            }
            if peek(closing, at: i) { for _ in 0..<closing.count { skip() } }
            literals.append((start, String(decoding: text, as: UTF8.self)))
        }
        return (String(decoding: code, as: UTF8.self), literals)
    }
}
