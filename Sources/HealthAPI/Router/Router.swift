import HTTPTransport

/// Finds the route for a method and path. An unknown path is 404; a known path with
/// another method is 405 with `Allow` (RFC 9110 §15.5.6). HEAD is served by the GET
/// route (RFC 9110 §9.3.2); the transport drops the body.
public struct Router: Sendable {
    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    public let routes: [Route]
    private let staticRoutes: [String: [Route]]
    private let dynamicRoutes: [Route]

    public init(routes: [Route]) {
        var routes = routes
        for index in routes.indices { routes[index].position = index }
        self.routes = routes
        var byPath: [String: [Route]] = [:]
        var dynamic: [Route] = []
        for route in routes {
            if route.path.isStatic { byPath["/" + route.path.segments.map { if case .literal(let l) = $0 { l } else { "" } }.joined(separator: "/"), default: []].append(route) }
            else { dynamic.append(route) }
        }
        self.staticRoutes = byPath
        self.dynamicRoutes = dynamic
    }

    /// Matches a decoded path. A trailing slash is not the same resource (no redirects).
    public func match(method: HTTPMethod, path: String) -> Match {
        var candidates: [(Route, [String: String])] = []
        if let routes = staticRoutes[path] {
            candidates = routes.map { ($0, [:]) }
        } else {
            guard path.hasPrefix("/") else { return .notFound }
            let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            for route in dynamicRoutes {
                if let parameters = route.path.match(segments) { candidates.append((route, parameters)) }
            }
        }
        guard !candidates.isEmpty else { return .notFound }
        let lookup = method == .head ? HTTPMethod.get : method
        if let (route, parameters) = candidates.first(where: { $0.0.method == lookup }) {
            return .found(route, parameters: parameters)
        }
        var allowed: [HTTPMethod] = []
        for (route, _) in candidates where !allowed.contains(route.method) {
            allowed.append(route.method)
            if route.method == .get { allowed.append(.head) }
        }
        return .methodNotAllowed(allowed: allowed)
    }
}
