import HTTPTransport

/// Write intents (create): every input is the body of `POST /health/write-intents`; any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = AppHarness.send(.post, "/health/write-intents", body: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
