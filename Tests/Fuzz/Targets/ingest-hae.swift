import HTTPTransport

/// The Health Auto Export adapter through SampleRules and the store: every input is the body of `POST /health/hae`; any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = AppHarness.send(.post, "/health/hae", body: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
