import HTTPTransport
import HealthStore

extension APIHandler {
    /// The header an admin token names the person it acts for with (name or id).
    public static let personHeader = HTTPHeaderName("x-healthd-person")

    /// Whose data the request reaches: a person's token reaches its person only (naming
    /// anyone else in `X-Healthd-Person` is 403); an admin token reaches the person the
    /// header names (404 for nobody), else its own person, else the first; no token (a
    /// public route) the first person. Nil stands for the first person.
    func resolvePerson(grant: TokenGrant, request: HTTPRequest) async throws -> Person? {
        let named = request.headers.values(Self.personHeader)
        guard named.count <= 1 else {
            throw APIError.invalidParameter("X-Healthd-Person", "name one person in X-Healthd-Person, once", rule: "single")
        }
        let name = named.first.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        if grant.allows(.admin) {
            if let name {
                guard let person = try await household.person(named: name) else {
                    throw APIError.notFound("no person is named '\(name.prefix(80))'; healthd person list names them",
                                            details: ["field": "X-Healthd-Person"])
                }
                return person
            }
            guard let own = grant.person else { return nil }
            return try await ownPerson(own)
        }
        guard let own = grant.person else { return nil }
        let person = try await ownPerson(own)
        if let name, name != person.name, name.lowercased() != person.id {
            throw APIError(status: .forbidden, code: .forbidden,
                           message: "this token acts for its own person only; X-Healthd-Person may name another person only with an admin token",
                           details: ["field": "X-Healthd-Person", "rule": "own-person"])
        }
        return person
    }

    /// The token's person; gone (removed while the request was under way) is 401.
    private func ownPerson(_ id: String) async throws -> Person {
        guard let person = try await household.person(named: id) else {
            throw APIError.unauthorized("the bearer token (or x-api-key) is not valid")
        }
        return person
    }

    /// Runs the route's handler with the services of `person` (nil: the first), holding
    /// them open until the answer (a streamed one included) is complete.
    func respond(route: Route, person: Person?, grant: TokenGrant, request: HTTPRequest, requestID: String,
                 parameters: [String: String]) async throws -> HTTPResponse {
        guard let person, person.id != household.firstPersonID else {
            let context = RequestContext(request: request, requestID: requestID, pathParameters: parameters, services: household.first,
                                         grant: grant, household: household)
            return try await route.handler(context)
        }
        let services = try await household.acquire(person)
        defer { household.release(person) }
        let context = RequestContext(request: request, requestID: requestID, pathParameters: parameters, services: services,
                                     grant: grant, household: household)
        var response = try await route.handler(context)
        if let stream = response.stream {
            // A streamed body reads the store after the handler returned: it holds a lease of its own.
            let household = self.household
            response.stream = HTTPBodyStream { sink in
                _ = try await household.acquire(person)
                defer { household.release(person) }
                try await stream.produce(sink)
            }
        }
        return response
    }
}
