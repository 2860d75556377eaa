import HTTPTransport

/// Query intents: every input is the body of `POST /health/query`; any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = AppHarness.send(.post, "/health/query", body: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
