import Foundation
import HealthTesting
import Testing
@testable import HealthCLI
import HealthStore

@Suite struct MigrateCommandTests {
    @Test func optionsComeFromFlagsAndTheEnvironment() throws {
        #expect(try MigrateCommand.parse([], environment: [:]) == .init())
        #expect(try MigrateCommand.parse([], environment: ["HEALTHD_DB": "/x/h.sqlite"]).databasePath == "/x/h.sqlite")
        let options = try MigrateCommand.parse(["--db", "/y.sqlite", "--rows-per-step", "500", "--source-priority", "Watch"],
                                               environment: ["HEALTHD_DB": "/x/h.sqlite"])
        #expect(options == .init(databasePath: "/y.sqlite", rowsPerStep: 500, sourcePriority: "Watch"))
        #expect(throws: ServeOptions.UsageError.self) { try MigrateCommand.parse(["--rows-per-step", "0"], environment: [:]) }
        #expect(throws: ServeOptions.UsageError.self) { try MigrateCommand.parse(["--rows-per-step", "many"], environment: [:]) }
        #expect(throws: ServeOptions.UsageError.self) { try MigrateCommand.parse(["--to", "x"], environment: [:]) }
        #expect(MigrateCommand.run(["--rows-per-step", "-1"], environment: [:]) == 2)
    }

    /// The database of an earlier release, converted in steps of 2,000 samples; a second
    /// run finds nothing left to do.
    @Test func convertsAnEarlierDatabaseThenFindsNothingToDo() throws {
        let directory = NSTemporaryDirectory() + "healthd-migrate-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try MigrationFixtureFiles.unpackDatabase(into: directory)
        #expect(MigrateCommand.run(["--db", path, "--rows-per-step", "2000"], environment: [:]) == 0)
        #expect(MigrateCommand.run(["--db", path], environment: [:]) == 0)
        let opened = try StoreOpener.open(path: path, priority: .default, nowMs: 0)
        defer { opened.store.close() }
        #expect(opened.conversion == nil)
        #expect(try opened.store.sampleCount() == 16_020)
    }
}
