import HTTPTransport

/// Query strings of every GET route with parameters: the first byte picks the route, the
/// rest is sent verbatim after `?` (what the transport hands over, already split from the
/// path). Any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let paths = ["/health/summary/daily", "/health/summary/range", "/health/summary/yesterday", "/health/daily",
                 "/health/raw", "/health-data", "/health/workouts", "/health/activity-summaries",
                 "/health/write-intents", "/health/write-intents/pending", "/api/v2/sync/coverage",
                 "/api/apple/status", "/health/types", "/types", "/info", "/api/v2/sync/runs/latest"]
    let path = paths[Int(data[0]) % paths.count]
    let query = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    _ = AppHarness.send(.get, path + "?" + query, contentType: nil)
    return 0
}
