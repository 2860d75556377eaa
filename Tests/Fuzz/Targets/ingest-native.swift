import HTTPTransport

/// The native ingest adapter through SampleRules and the store: every input is the body of `POST /health/ingest`; any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = AppHarness.send(.post, "/health/ingest", body: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
