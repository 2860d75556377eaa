import Foundation
import HealthDomain
import HealthStore
import Locking

/// The people one server keeps data for, and their services: the first person's are
/// open for the server's lifetime; everyone else's database is opened on their first
/// request (on a thread of its own, never on the cooperative pool) and closed again once
/// nobody has used it for a while (``closeIdle(idleSeconds:)``).
public final class Household: Sendable {
    /// People and tokens.
    public let server: ServerDatabase
    /// The server's configuration (each person's services apply their own settings to it).
    public let config: ServerConfig
    /// The first person's services: what an admin token acts for when it names nobody,
    /// what public routes and the background companions use.
    public let first: AppServices
    /// Named tokens, each belonging to a person.
    public var tokens: TokenStore { server.tokens }

    /// One person's database while it is open, and who is using it.
    private struct Slot {
        var opening: Task<AppServices, any Error>
        /// Set once the database is open.
        var services: AppServices?
        var leases: Int
        var lastUsedNanoseconds: UInt64
    }

    private let slots = Locked<[String: Slot]>([:])

    /// - Parameter firstStore: the first person's store, already open (the server opens it
    ///   before listening, so a migration or rebuild happens at start).
    public init(server: ServerDatabase, config: ServerConfig, clock: AppClock, firstStore: SampleStore) throws {
        self.server = server
        self.config = config
        let person = try server.firstPerson()
        self.first = AppServices(config: config, store: firstStore, clock: clock, person: person)
    }

    /// The id of the first person.
    public var firstPersonID: String { first.person?.id ?? "" }

    /// Everyone, the first person first, read off the cooperative pool.
    public func people() async throws -> [Person] {
        try await server.allPeople()
    }

    /// The person named `nameOrID` (name or id), or nil.
    public func person(named nameOrID: String) async throws -> Person? {
        try await server.person(named: nameOrID)
    }

    /// The services of `person`, opening their database on first use; the caller holds a
    /// lease until ``release(_:)``, during which the database is not closed.
    public func acquire(_ person: Person) async throws -> AppServices {
        if person.id == firstPersonID { return first }
        let now = AppClock.monotonicNanoseconds()
        let task = slots.withLock { slots -> Task<AppServices, any Error> in
            if var slot = slots[person.id] {
                slot.leases += 1
                slot.lastUsedNanoseconds = now
                slots[person.id] = slot
                return slot.opening
            }
            let path = server.path(of: person)
            let config = self.config
            let first = self.first
            let opening = Task<AppServices, any Error> {
                let store = try await Household.openOnThread(path: path, priority: config.applying(person).priority,
                                                             nowMs: first.clock.now())
                return AppServices(person: person, config: config, store: store, sharing: first)
            }
            slots[person.id] = Slot(opening: opening, leases: 1, lastUsedNanoseconds: now)
            return opening
        }
        do {
            let services = try await task.value
            slots.withLock { slots in slots[person.id]?.services = services }
            return services
        } catch {
            // A file that would not open is tried afresh by the next request.
            slots.withLock { slots in
                if slots[person.id]?.leases ?? 0 <= 1 { slots[person.id] = nil } else { slots[person.id]?.leases -= 1 }
            }
            throw error
        }
    }

    /// Gives back a lease from ``acquire(_:)``.
    public func release(_ person: Person) {
        guard person.id != firstPersonID else { return }
        let now = AppClock.monotonicNanoseconds()
        slots.withLock { slots in
            guard var slot = slots[person.id] else { return }
            slot.leases = max(0, slot.leases - 1)
            slot.lastUsedNanoseconds = now
            slots[person.id] = slot
        }
    }

    /// Runs `body` with `person`'s services, holding a lease meanwhile.
    public func withServices<T: Sendable>(of person: Person, _ body: (AppServices) async throws -> T) async throws -> T {
        let services = try await acquire(person)
        defer { release(person) }
        return try await body(services)
    }

    /// The people whose database is open now, by id (the first person's always is).
    public var openPeople: [String] {
        ([firstPersonID] + slots.withLock { Array($0.keys) }).sorted()
    }

    /// Closes the databases nobody holds a lease on and nobody has used for `idleSeconds`;
    /// returns how many it closed. The first person's stays open.
    @discardableResult
    public func closeIdle(idleSeconds: Double) async -> Int {
        let now = AppClock.monotonicNanoseconds()
        let limit = UInt64(max(0, idleSeconds) * 1e9)
        let idle = slots.withLock { slots -> [AppServices] in
            let ids = slots.filter { $0.value.services != nil && $0.value.leases == 0 && now &- $0.value.lastUsedNanoseconds >= limit }.map(\.key)
            return ids.compactMap { slots.removeValue(forKey: $0)?.services }
        }
        for services in idle {
            await Household.closeOnThread(services.store)
        }
        return idle.count
    }

    /// Closes every database, the server's included, waiting for each (it blocks: for
    /// the end of a process or a test, not for a task on the cooperative pool).
    public func close() {
        let open = slots.withLock { slots -> [AppServices] in
            defer { slots.removeAll() }
            return slots.values.compactMap(\.services)
        }
        for services in open { services.store.close() }
        first.store.close()
        server.close()
    }

    /// Closes idle people every `everySeconds`, until the task is cancelled.
    public func runIdleSweep(idleSeconds: Double = 600, everySeconds: Double = 60) async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(everySeconds * 1e9))
            if Task.isCancelled { break }
            await closeIdle(idleSeconds: idleSeconds)
        }
    }

    /// Opens (migrating) a person's database on a thread of its own: opening blocks.
    static func openOnThread(path: String, priority: SourcePriority, nowMs: Int64) async throws -> SampleStore {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SampleStore, any Error>) in
            let thread = Thread {
                do {
                    let opened = try StoreOpener.open(path: path, priority: priority, nowMs: nowMs, configuration: StoreOpener.personConfiguration)
                    continuation.resume(returning: opened.store)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "healthd-open"
            thread.start()
        }
    }

    /// Closing joins the pool's threads: done on a thread of its own too.
    static func closeOnThread(_ store: SampleStore) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                store.close()
                continuation.resume()
            }
            thread.name = "healthd-close"
            thread.start()
        }
    }
}
