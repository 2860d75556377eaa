import HTTPTransport

/// MCP JSON-RPC messages (initialize, tools/list, tools/call of every tool): every input is the body of `POST /mcp`; any answer but a 5xx is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = AppHarness.send(.post, "/mcp", body: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
