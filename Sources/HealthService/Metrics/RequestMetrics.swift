import Metrics

/// The HTTP request families: requests by route template, method and status class, and
/// the time to answer by route template. Label values come from the route table, never
/// from a raw path, so their number is fixed when the server starts.
public final class RequestMetrics: Sendable {
    /// The route label of a request no route matched (404, 405, a bad percent-encoding).
    public static let unmatchedRoute = "unmatched"
    /// The route label of an error the transport answered before routing (413, 408, 503).
    public static let transportRoute = "transport"
    /// The methods that keep their own label value; any other reads `other`.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    let requests: CounterFamily
    let duration: HistogramFamily

    init(registry: MetricsRegistry) throws(MetricsError) {
        requests = try registry.counter("healthd_http_requests_total",
                                        help: "HTTP requests answered, by route template, method and status class.",
                                        labelNames: ["route", "method", "status"])
        // Sub-millisecond answers are the common case (liveness, cached documents).
        duration = try registry.histogram("healthd_http_request_duration_seconds",
                                          help: "Time from a request's head to its answer, by route template.",
                                          labelNames: ["route"],
                                          buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30])
    }

    /// The handles of one route, resolved once when the server starts; `method` is the
    /// route's own method (another one, such as HEAD on a GET route, is looked up).
    public func series(route: String, method: String) -> RouteSeries {
        let method = Self.knownMethods.contains(method) ? method : "other"
        return RouteSeries(route: route, method: method, family: requests,
                           classes: RouteSeries.classLabels.map { requests.labels(route, method, $0) },
                           duration: duration.labels(route))
    }
}

/// The pre-resolved series of one route: recording a request is two locked adds.
public final class RouteSeries: Sendable {
    static let classLabels = ["1xx", "2xx", "3xx", "4xx", "5xx"]

    let route: String
    let method: String
    let family: CounterFamily
    let classes: [Counter]
    let duration: Histogram

    init(route: String, method: String, family: CounterFamily, classes: [Counter], duration: Histogram) {
        self.route = route
        self.method = method
        self.family = family
        self.classes = classes
        self.duration = duration
    }

    /// Counts one answered request with `method`, `status` and the time it took.
    public func record(method: String, status: Int, nanoseconds: UInt64) {
        let index = status / 100 - 1
        if method == self.method, classes.indices.contains(index) {
            classes[index].increment()
        } else {
            let label = classes.indices.contains(index) ? Self.classLabels[index] : "other"
            family.labels(route, RequestMetrics.knownMethods.contains(method) ? method : "other", label).increment()
        }
        duration.observe(Double(nanoseconds) / 1e9)
    }
}
