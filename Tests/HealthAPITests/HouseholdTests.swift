import Foundation
import Testing
@testable import HealthAPI
@testable import HealthStore

/// People's databases are opened on first use, shared while in use and closed when idle.
@Suite struct HouseholdTests {
    @Test func aPersonsDatabaseOpensOnFirstUseAndClosesWhenIdle() async throws {
        let house = try HouseholdTestApp()
        let household = house.household
        #expect(household.openPeople == [household.firstPersonID], "only the first person's file is open at start")
        let path = household.server.path(of: house.alice)
        #expect(!FileManager.default.fileExists(atPath: path), "nobody's file exists before it is used")

        let services = try await household.acquire(house.alice)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(services.person == house.alice)
        let again = try await household.acquire(house.alice)
        #expect(again === services, "one set of services per person while open")
        #expect(household.openPeople == [household.firstPersonID, house.alice.id].sorted())

        // Held: not closed however idle.
        #expect(await household.closeIdle(idleSeconds: 0) == 0)
        household.release(house.alice)
        #expect(await household.closeIdle(idleSeconds: 0) == 0, "one lease is still held")
        household.release(house.alice)
        #expect(await household.closeIdle(idleSeconds: 3600) == 0, "used a moment ago")
        #expect(await household.closeIdle(idleSeconds: 0) == 1)
        #expect(household.openPeople == [household.firstPersonID])

        // Used again: opened afresh, with the data it had.
        let reply = await house.send(.post, "/health/ingest", token: house.aliceToken, body: body([sampleJSON("a")]))
        #expect(reply.status == 200)
        #expect(await household.closeIdle(idleSeconds: 0) == 1)
        let raw = await house.send(.get, "/health/raw?metric=step_count&fromMs=1775000000000&toMs=1775900000000", token: house.aliceToken)
        #expect(String(decoding: raw.response.body, as: UTF8.self).contains("\"a\""))
    }

    @Test func eachPersonHasTheirOwnUserIDTimeZoneAndFile() async throws {
        let house = try HouseholdTestApp()
        let server = house.household.server
        try server.update(name: "bob", timezone: "Asia/Tokyo")
        let bob = try #require(try server.personSync(named: "bob"))
        let services = try await house.services(bob)
        #expect(try await services.user.id() == bob.id)
        #expect(services.config.defaultTimezone == "Asia/Tokyo")
        #expect(try await house.services(house.alice).config.defaultTimezone == nil)
        #expect(server.path(of: bob).hasSuffix("/people/\(bob.id).sqlite"))
        // The observation batch names the person by their id.
        let info = await house.send(.get, "/info", token: house.bobToken)
        #expect((info.json["user"] as? [String: Any])?["id"] as? String == bob.id)
    }

    @Test func anAdminListsThePeopleAndAPersonsTokenCannot() async throws {
        let house = try HouseholdTestApp()
        let list = await house.send(.get, "/health/people", token: TestApp.token)
        #expect(list.status == 200)
        let people = list.json["people"] as? [[String: Any]] ?? []
        #expect(people.compactMap { $0["name"] as? String } == [ServerDatabase.firstPersonName, "alice", "bob"])
        #expect(people.filter { $0["current"] as? Bool == true }.compactMap { $0["name"] as? String } == [ServerDatabase.firstPersonName])
        let asBob = await house.send(.get, "/health/people", token: house.aliceAdmin, headers: [("X-Healthd-Person", "bob")])
        #expect((asBob.json["people"] as? [[String: Any]] ?? []).filter { $0["current"] as? Bool == true }.compactMap { $0["id"] as? String } == [house.bob.id])
        let refused = await house.send(.get, "/health/people", token: house.aliceToken)
        #expect(refused.status == 403)
        #expect(!String(decoding: refused.response.body, as: UTF8.self).contains(house.bob.id))
    }

    @Test func anObservationBatchNamesItsPersonByTheirID() async throws {
        let house = try HouseholdTestApp()
        func batch(_ user: String) -> String {
            #"{"observations":[{"xuser_id":"\#(user)","biosignal_slug":"Heart Rate","effective_datetime":"2026-04-09T14:30:00Z","value_quantity":72,"value_unit":"bpm","source_slug":"apple_health"}]}"#
        }
        #expect(await house.send(.post, "/api/v1/observations/batch", token: house.bobToken, body: batch(house.bob.id)).status == 201)
        #expect(await house.send(.post, "/api/v1/observations/batch", token: house.bobToken, body: batch(house.alice.id)).status == 403)
        #expect(await house.send(.post, "/api/v1/observations/batch", token: house.aliceToken, body: batch(house.bob.id)).status == 403)
        let first = try await house.household.first.user.id()
        #expect(await house.send(.post, "/api/v1/observations/batch", token: TestApp.token, body: batch(first)).status == 201)
    }
}
