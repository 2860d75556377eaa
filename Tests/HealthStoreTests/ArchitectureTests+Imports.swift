import Foundation
import Testing

/// The module graph, checked on the source tree. A debug build of SwiftPM accepts an
/// `import` of a project module the target does not depend on whenever that module happens
/// to be built already, so an undeclared (or unwanted) edge compiles on one machine and not
/// on the next; these tests hold every import to the table below, the table to
/// Package.swift, and the README's drawing of it to the table.
extension ArchitectureTests {
    /// Module → the project modules its sources may import: the README's "How it is built"
    /// table, and exactly each target's dependencies in Package.swift. HealthCLI's
    /// SQLiteStore is further narrowed to four command files (`allowedImporters`).
    static let allowedImports: [String: Set<String>] = [
        "CLinux": [],
        "CSQLite": [],
        "CZlib": [],
        "Locking": [],
        "JSON": [],
        "XMLStream": [],
        "Webhooks": [],
        "Archive": ["CZlib"],
        "HTTPTransport": ["CLinux", "Locking"],
        "SQLiteStore": ["CSQLite", "Locking"],
        "Metrics": ["Locking"],
        "MQTT": ["Locking"],
        "Notifications": ["JSON", "Webhooks", "MQTT", "Locking"],
        "HealthDomain": ["JSON", "Locking"],
        "HealthFormats": ["HealthDomain", "JSON"],
        "HealthDemo": ["HealthDomain"],
        "HealthStore": ["SQLiteStore", "HealthDomain", "JSON", "Locking"],
        "HealthService": ["HealthStore", "HealthDomain", "Notifications", "MQTT", "Metrics", "Webhooks", "JSON", "Locking"],
        "HealthAPI": ["HTTPTransport", "HealthStore", "HealthService", "HealthDomain", "HealthFormats", "JSON", "Archive", "XMLStream", "Locking",
                      "Notifications"],
        "HealthCLI": ["HealthAPI", "HealthStore", "HTTPTransport", "HealthDomain", "HealthFormats", "HealthDemo", "JSON", "Archive",
                      "Locking", "SQLiteStore", "HealthService"],
        "healthd": ["HealthCLI"],
        "HealthTesting": ["HTTPTransport", "HealthDomain", "Archive", "Locking"],
        "HealthBench": ["HealthCLI", "HealthAPI", "HealthStore", "HealthTesting", "HTTPTransport", "HealthDomain", "HealthFormats",
                        "HealthDemo", "JSON", "Archive", "Locking"],
        "healthd-bench": ["HealthBench"],
    ]

    /// Toolchain modules any module may import; anything else that is not a project
    /// module would be a package dependency, which the project has none of.
    static let toolchainModules: Set<String> = ["Foundation", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization"]

    /// What test targets import besides their dependencies and the toolchain.
    static let testFrameworks: Set<String> = ["Testing", "XCTest"]

    @Test func everyModuleImportsOnlyWhatItsRowAllows() throws {
        let modules = try Self.folders(under: "Sources")
        #expect(modules.count >= 20, "the scan found the modules")
        #expect(Set(modules) == Set(Self.allowedImports.keys),
                "each folder under Sources has a row in the table, each row a folder: \(Set(modules).symmetricDifference(Self.allowedImports.keys).sorted())")
        var violations: [String] = []
        var seen = 0
        for module in modules {
            let allowed = Self.allowedImports[module] ?? []
            for (path, text) in try Self.swiftFiles(under: "Sources/" + module).sorted(by: { $0.key < $1.key }) {
                for found in Self.imports(text) {
                    seen += 1
                    if !Self.toolchainModules.contains(found.module) && !allowed.contains(found.module) {
                        violations.append("\(path):\(found.line) imports \(found.module), outside \(module)'s row \(allowed.sorted())")
                    }
                }
            }
        }
        #expect(seen > 300, "the scan found the imports")
        #expect(violations.isEmpty, "imports the module table does not allow: \(violations)")
    }

    @Test func theTableIsPackageSwiftsDependencies() throws {
        let targets = try Self.packageTargets().filter { $0.value.kind != "testTarget" }
        #expect(targets.count >= 20, "the scan found Package.swift's targets")
        #expect(Set(targets.keys) == Set(Self.allowedImports.keys),
                "targets without a row, rows without a target: \(Set(targets.keys).symmetricDifference(Self.allowedImports.keys).sorted())")
        for (name, target) in targets.sorted(by: { $0.key < $1.key }) {
            let row = Self.allowedImports[name] ?? []
            #expect(target.dependencies == row,
                    "\(name): Package.swift depends on \(target.dependencies.sorted()), the table allows \(row.sorted())")
        }
    }

    @Test func everyTestTargetImportsOnlyItsDependencies() throws {
        let targets = try Self.packageTargets().filter { $0.value.kind == "testTarget" }
        #expect(targets.count >= 15, "the scan found the test targets")
        var violations: [String] = []
        for (name, target) in targets.sorted(by: { $0.key < $1.key }) {
            let allowed = target.dependencies.union(Self.toolchainModules).union(Self.testFrameworks)
            for (path, text) in try Self.swiftFiles(under: "Tests/" + name).sorted(by: { $0.key < $1.key }) {
                for found in Self.imports(text) where !allowed.contains(found.module) {
                    violations.append("\(path):\(found.line) imports \(found.module), not a dependency of \(name)")
                }
            }
        }
        #expect(violations.isEmpty, "test imports Package.swift does not declare: \(violations)")
    }

    /// The README draws the same table: each row of the table under "How it is built" names
    /// its modules in the first cell and what they may import in the last.
    @Test func theReadmeDrawsTheTable() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "\n## How it is built\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        var drawn: [String: Set<String>] = [:]
        for row in section.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 4 else { continue }
            for module in Self.codeSpans(cells[1]) { drawn[module] = Set(Self.codeSpans(cells[cells.count - 2])) }
        }
        #expect(drawn.count == Self.allowedImports.count, "the README's table has a row for every module")
        for (module, row) in Self.allowedImports.sorted(by: { $0.key < $1.key }) {
            #expect(drawn[module] == row, "README draws \(module) → \(drawn[module]?.sorted() ?? []), the table says \(row.sorted())")
        }
    }

    @Test func theImportScannerSeesEverySpellingAndNothingElse() throws {
        let source = """
            #if canImport(Glibc)
            import Glibc
            #endif
            @testable import HealthStore
            @_spi(Internal) @preconcurrency import JSON
            public import Locking
            import struct Archive.ZipEntry
            // import SQLiteStore in a comment
            /* import XMLStream in a block comment */
            let help = \"\"\"
                import      import an Apple Health export
                import Metrics
                \"\"\"
            let raw = #"import MQTT"#
            let sentence = "we import nothing"
            """
        let found = Self.imports(source)
        #expect(found.map(\.module) == ["Glibc", "HealthStore", "JSON", "Locking", "Archive"])
        #expect(found.map(\.line) == [2, 4, 5, 6, 7])

        let package = """
            .target(name: "A"),
            .target(name: "B", dependencies: ["A", "C"],
                    exclude: ["ui"]),
            .systemLibrary(name: "C", path: "Sources/C"),
            .testTarget(name: "BTests", dependencies: ["B"]),
            """
        let targets = Self.packageTargets(package)
        #expect(targets.mapValues(\.dependencies) == ["A": [], "B": ["A", "C"], "C": [], "BTests": ["B"]])
        #expect(targets["C"]?.kind == "systemLibrary" && targets["BTests"]?.kind == "testTarget")
        #expect(Self.codeSpans(" `HealthCLI`; `SQLiteStore` in four commands ") == ["HealthCLI", "SQLiteStore"])
    }

    // MARK: Reading the package

    /// Package.swift's targets by name: their kind and their dependencies by name.
    static func packageTargets() throws -> [String: (kind: String, dependencies: Set<String>)] {
        packageTargets(try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    /// The targets declared in `manifest`: each `.target(name:…)` (or `executableTarget`,
    /// `systemLibrary`, `testTarget`) up to the next one, and the names in its
    /// `dependencies: [...]`. Comment lines are passed over.
    static func packageTargets(_ manifest: String) -> [String: (kind: String, dependencies: Set<String>)] {
        let source = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let text = NSString(string: source)
        let declaration = try! NSRegularExpression(pattern: #"\.(target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"([^"]+)""#)
        let dependencies = try! NSRegularExpression(pattern: #"dependencies:\s*\[([^\]]*)\]"#)
        let matches = declaration.matches(in: source, range: NSRange(location: 0, length: text.length))
        var targets: [String: (kind: String, dependencies: Set<String>)] = [:]
        for (index, match) in matches.enumerated() {
            let end = index + 1 < matches.count ? matches[index + 1].range.location : text.length
            let body = text.substring(with: NSRange(location: match.range.location, length: end - match.range.location))
            var names: Set<String> = []
            if let list = dependencies.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)),
               let range = Range(list.range(at: 1), in: body) {
                names = Set(body[range].split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) })
            }
            targets[text.substring(with: match.range(at: 2))] = (text.substring(with: match.range(at: 1)), names)
        }
        return targets
    }

    /// The names in backticks in a table cell.
    static func codeSpans(_ cell: some StringProtocol) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The folders directly under `folder`, sorted.
    static func folders(under folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: base.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }
}
