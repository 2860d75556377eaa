import HealthService

/// The request metric handles of a route table, resolved once when the handler is built,
/// so counting a request is an array lookup by ``Route/position`` and two locked adds.
struct RequestMeters: Sendable {
    private let routes: [RouteSeries]
    /// Requests no route matched (404, 405, an invalid path).
    let unmatched: RouteSeries
    /// Errors the transport answered before routing.
    let transport: RouteSeries

    init(_ metrics: RequestMetrics, router: Router) {
        routes = router.routes.map { metrics.series(route: $0.path.template, method: $0.method.rawValue) }
        unmatched = metrics.series(route: RequestMetrics.unmatchedRoute, method: "GET")
        transport = metrics.series(route: RequestMetrics.transportRoute, method: "GET")
    }

    /// The handles of `route` (a route of the router these meters were built for).
    func series(for route: Route) -> RouteSeries {
        routes.indices.contains(route.position) ? routes[route.position] : unmatched
    }
}
