import HTTPTransport

/// The HealthSave adapter (v1 and v2 batches, picked by the first byte) through
/// SampleRules and the store; any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let path = data[0] & 1 == 0 ? "/api/v2/apple/batch" : "/api/apple/batch"
    _ = AppHarness.send(.post, path, body: Array(UnsafeBufferPointer(start: data + 1, count: size - 1)))
    return 0
}
