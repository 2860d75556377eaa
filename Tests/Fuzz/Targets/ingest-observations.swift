import HTTPTransport

/// The observation batch adapter through SampleRules and the store: every input is the body of `POST /api/v1/observations/batch`; any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = AppHarness.send(.post, "/api/v1/observations/batch", body: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
