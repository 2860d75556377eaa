import Foundation
import Testing
import HealthDomain
import SQLiteStore
@testable import HealthStore

/// The household's server database: adoption of a single-person database, people, and
/// tokens belonging to a person.
@Suite struct ServerDatabaseTests {
    static let nowMs: Int64 = 1_775_800_000_000

    static func folder() -> String {
        let folder = NSTemporaryDirectory() + "healthd-server-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func theServerDatabaseLivesBesideTheDatabase() {
        #expect(ServerDatabase.path(forDatabase: "./data/health.sqlite") == "./data/health.server.sqlite")
        #expect(ServerDatabase.path(forDatabase: "/srv/h.db") == "/srv/h.db.server.sqlite")
    }

    @Test func aSinglePersonDatabaseBecomesTheFirstPersonWithItsUserIDAndTokens() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/health.sqlite"
        // A database as the previous release left it: a user id in settings and a named token.
        let opened = try StoreOpener.open(path: path, priority: .default, nowMs: Self.nowMs)
        let userID = "0f0e0d0c-0b0a-4908-8706-050403020100"
        try opened.store.pool.writeSync { db in
            try db.run("INSERT INTO settings (key, value) VALUES ('user_id', ?)", [.text(userID)])
            try db.run("INSERT INTO api_tokens (name, token_hash, scopes, created_ms) VALUES ('phone', ?, 'ingest', 1)",
                       [.text(SHA256.hex(Array("hd_phone".utf8)))])
        }
        opened.store.close()

        let server = try ServerDatabase.open(databasePath: path, nowMs: Self.nowMs)
        let people = try server.people()
        #expect(people.map(\.id) == [userID])
        #expect(people.map(\.name) == [ServerDatabase.firstPersonName])
        #expect(server.path(of: people[0]) == path, "the file stays where it is")
        let tokens = try server.tokens.list()
        #expect(tokens.map(\.name) == ["phone"])
        #expect(tokens.first?.personID == userID)
        server.close()
        // Moved, not copied: the person's file keeps no token a later revocation would miss.
        let left = try DatabasePool(path: path)
        #expect(try left.readSync { db in try db.query("SELECT count(*) FROM api_tokens", []) { $0.int64(0) } } == [0])
        left.close()

        // A second open adopts nothing again.
        let again = try ServerDatabase.open(databasePath: path, nowMs: Self.nowMs + 1)
        defer { again.close() }
        #expect(try again.people().count == 1)
        #expect(try again.firstPerson().id == userID)
    }

    @Test func aFreshInstallationHasOneFirstPerson() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try ServerDatabase.open(databasePath: folder + "/health.sqlite", userID: "AAAAAAAA-0000-4000-8000-000000000001", nowMs: Self.nowMs)
        defer { server.close() }
        #expect(try server.people().map(\.id) == ["aaaaaaaa-0000-4000-8000-000000000001"])
    }

    @Test func peopleAreAddedRenamedAndRemovedWithTheirTokens() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try ServerDatabase.open(databasePath: folder + "/health.sqlite", nowMs: Self.nowMs)
        defer { server.close() }
        let alice = try server.add(name: "alice", nowMs: Self.nowMs, timezone: "Europe/Berlin")
        #expect(alice.file == "people/\(alice.id).sqlite")
        #expect(UserIdentity.isUUID(alice.id))
        #expect(throws: ServerDatabase.Failure.duplicateName("alice")) { try server.add(name: "alice", nowMs: Self.nowMs) }
        #expect(throws: ServerDatabase.Failure.invalidName("a b")) { try server.add(name: "a b", nowMs: Self.nowMs) }
        #expect(throws: ServerDatabase.Failure.invalidTimezone("Mars/Base")) { try server.add(name: "bob", nowMs: Self.nowMs, timezone: "Mars/Base") }
        #expect(try server.people().map(\.name) == [ServerDatabase.firstPersonName, "alice"])
        #expect(try server.personSync(named: "alice")?.timezone == "Europe/Berlin")
        #expect(try server.personSync(named: alice.id.uppercased())?.name == "alice", "an id names a person too")

        let token = try server.tokens.create(name: "alice-phone", personID: alice.id, scopes: [.ingest], nowMs: Self.nowMs)
        #expect(throws: TokenStore.Failure.unknownPerson("nobody")) {
            try server.tokens.create(name: "x", personID: "nobody", scopes: [.read], nowMs: Self.nowMs)
        }
        let renamed = try server.update(name: "alice", newName: "ally", sourcePriority: "Garmin")
        #expect(renamed.name == "ally" && renamed.sourcePriority == "Garmin" && renamed.timezone == "Europe/Berlin")

        let removed = try server.remove(name: "ally")
        #expect(removed.id == alice.id)
        #expect(try server.tokens.list().isEmpty, "the person's tokens go with them")
        #expect(try server.people().map(\.name) == [ServerDatabase.firstPersonName])
        #expect(throws: ServerDatabase.Failure.firstPerson(ServerDatabase.firstPersonName)) { try server.remove(name: ServerDatabase.firstPersonName) }
        #expect(throws: ServerDatabase.Failure.unknownPerson("ally")) { try server.remove(name: "ally") }
        _ = token
    }

    @Test func aTokenGrantsItsPersonAndNothingOnceThePersonIsGone() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try ServerDatabase.open(databasePath: folder + "/health.sqlite", nowMs: Self.nowMs)
        defer { server.close() }
        let bob = try server.add(name: "bob", nowMs: Self.nowMs)
        let token = try server.tokens.create(name: "bob-agent", personID: bob.id, scopes: [.read, .intents], nowMs: Self.nowMs)
        let grant = try await server.tokens.grant(forToken: Array(token.utf8))
        #expect(grant == TokenGrant(name: "bob-agent", scopes: [.read, .intents], person: bob.id))
        try server.remove(name: "bob")
        #expect(try await server.tokens.grant(forToken: Array(token.utf8)) == nil)
    }
}
