import Foundation
import Testing
import HealthAPI
import HealthDomain
@testable import HealthCLI
@testable import HealthStore

/// `healthd person` and the `--person` of the commands that act on people's files.
@Suite struct PersonCommandTests {
    static let nowMs: Int64 = 1_775_800_000_000

    static func folder() -> String {
        let folder = NSTemporaryDirectory() + "healthd-person-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func people(_ db: String) throws -> [Person] {
        let server = try ServerDatabase.open(databasePath: db, nowMs: nowMs)
        defer { server.close() }
        return try server.people()
    }

    /// Fills a person's file as the server would: one sample.
    static func fill(_ path: String, key: String) async throws {
        let opened = try StoreOpener.open(path: path, priority: .default, nowMs: nowMs)
        defer { opened.store.close() }
        let sample = Sample(sampleKey: key, metric: .stepCount, startTimeMs: nowMs - 3_600_000, endTimeMs: nowMs - 3_000_000, valueNumber: 10,
                            unit: "count", sourceName: "iPhone", timezone: "UTC")
        _ = try await opened.store.ingest([sample], nowMs: nowMs)
    }

    @Test func peopleAreAddedListedAndRemovedOnlyWithForce() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let db = folder + "/health.sqlite"
        #expect(PersonCommand.run(["add", "alice", "--timezone", "Europe/Berlin", "--db", db], environment: [:], nowMs: Self.nowMs) == 0)
        #expect(PersonCommand.run(["add", "alice", "--db", db], environment: [:], nowMs: Self.nowMs) == 1, "a name is taken once")
        #expect(PersonCommand.run(["add", "bad name", "--db", db], environment: [:], nowMs: Self.nowMs) == 1)
        #expect(PersonCommand.run(["add", "bob", "--timezone", "Nowhere/City", "--db", db], environment: [:], nowMs: Self.nowMs) == 1)
        #expect(PersonCommand.run(["list", "--db", db], environment: [:], nowMs: Self.nowMs) == 0)
        #expect(try Self.people(db).map(\.name) == [ServerDatabase.firstPersonName, "alice"])
        let alice = try #require(try Self.people(db).last)
        #expect(alice.timezone == "Europe/Berlin")

        #expect(await CommandLineTool.run(["token", "create", "--name", "alice-phone", "--scope", "ingest", "--person", "alice", "--db", db], environment: [:]) == 0)
        #expect(await CommandLineTool.run(["token", "create", "--name", "x", "--scope", "ingest", "--person", "nobody", "--db", db], environment: [:]) == 1)
        let path = folder + "/people/\(alice.id).sqlite"
        try await Self.fill(path, key: "a")

        // Without --force: nothing goes.
        #expect(PersonCommand.run(["remove", "alice", "--db", db], environment: [:], nowMs: Self.nowMs) == 1)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try Self.people(db).count == 2)
        #expect(PersonCommand.run(["remove", ServerDatabase.firstPersonName, "--force", "--db", db], environment: [:], nowMs: Self.nowMs) == 1)

        #expect(PersonCommand.run(["remove", "alice", "--force", "--db", db], environment: [:], nowMs: Self.nowMs) == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try Self.people(db).map(\.name) == [ServerDatabase.firstPersonName])
        let server = try ServerDatabase.open(databasePath: db, nowMs: Self.nowMs)
        defer { server.close() }
        #expect(try server.tokens.list().isEmpty, "alice's token went with her")
    }

    @Test func setRenamesAndChangesSettings() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let db = folder + "/health.sqlite"
        #expect(PersonCommand.run(["set", ServerDatabase.firstPersonName, "--name", "dana", "--source-priority", "Garmin", "--db", db],
                                  environment: [:], nowMs: Self.nowMs) == 0)
        let first = try #require(try Self.people(db).first)
        #expect(first.name == "dana" && first.sourcePriority == "Garmin")
        #expect(PersonCommand.run(["set", "dana", "--source-priority", "", "--db", db], environment: [:], nowMs: Self.nowMs) == 0)
        #expect(try Self.people(db).first?.sourcePriority == nil)
        #expect(PersonCommand.run(["list", "--force", "--db", db], environment: [:], nowMs: Self.nowMs) == 2)
    }

    @Test func backupVerifyExportAndRebuildCoverEveryPersonOrTheOneNamed() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let db = folder + "/health.sqlite"
        try await Self.fill(db, key: "first")
        #expect(PersonCommand.run(["add", "alice", "--db", db], environment: [:], nowMs: Self.nowMs) == 0)
        let alice = try #require(try Self.people(db).last)
        try await Self.fill(folder + "/people/\(alice.id).sqlite", key: "alice")

        #expect(await CommandLineTool.run(["backup", "--to", folder + "/b.sqlite", "--db", db], environment: [:]) == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/b.me.sqlite"))
        #expect(FileManager.default.fileExists(atPath: folder + "/b.alice.sqlite"))
        #expect(await CommandLineTool.run(["backup", "--to", folder + "/only.sqlite", "--person", "alice", "--db", db], environment: [:]) == 0)
        let copy = try StoreOpener.open(path: folder + "/only.sqlite", priority: .default, nowMs: Self.nowMs)
        let keys = try copy.store.pool.readSync { db in try db.query("SELECT count(*) FROM samples", []) { $0.int64(0) } }
        copy.store.close()
        #expect(keys == [1])
        #expect(await CommandLineTool.run(["backup", "--to", folder + "/x.sqlite", "--person", "nobody", "--db", db], environment: [:]) == 1)

        #expect(await CommandLineTool.run(["verify", "--db", db], environment: [:]) == 0)
        #expect(await CommandLineTool.run(["verify", "--person", "alice", "--db", db], environment: [:]) == 0)
        #expect(await CommandLineTool.run(["rebuild", "--person", "alice", "--db", db], environment: [:]) == 0)
        #expect(await CommandLineTool.run(["export", "--to", folder + "/export", "--db", db], environment: [:]) == 0)
        #expect(JSONLinesExport.isExport(path: folder + "/export-me"))
        #expect(JSONLinesExport.isExport(path: folder + "/export-alice"))
        // An export read back into alice's file, named by --person.
        #expect(await CommandLineTool.run(["person", "add", "carol", "--db", db], environment: [:]) == 0)
        #expect(await CommandLineTool.run(["import", folder + "/export-alice", "--person", "carol", "--db", db], environment: [:]) == 0)
        let carol = try #require(try Self.people(db).last)
        let imported = try StoreOpener.open(path: folder + "/people/\(carol.id).sqlite", priority: .default, nowMs: Self.nowMs)
        let carolKeys = try imported.store.pool.readSync { db in try db.query("SELECT count(*) FROM samples", []) { $0.int64(0) } }
        imported.store.close()
        #expect(carolKeys == [1])
    }
}
