import HTTPTransport

/// Opaque cursors: the input, percent-encoded, is the `cursor` of every listing that
/// issues one (the first byte picks it). Any answer but a 5xx is fine: a cursor the
/// listing did not issue is a 4xx.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let listings = ["/health/raw?metric=step_count&cursor=", "/health/workouts?cursor=",
                    "/health/write-intents?cursor=", "/health/write-intents/pending?cursor=", "/health/raw?cursor="]
    let listing = listings[Int(data[0]) % listings.count]
    let cursor = AppHarness.percentEncoded(UnsafeRawBufferPointer(start: data + 1, count: size - 1))
    _ = AppHarness.send(.get, listing + cursor, contentType: nil)
    return 0
}
