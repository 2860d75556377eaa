import JSON

/// The JSON scanner and parser: a parsed value must serialize and parse back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let value = try? JSONParser.parse(UnsafeRawBufferPointer(start: data, count: size)) else { return 0 }
    let written = JSONWriter.serialize(value)
    guard let again = try? JSONParser.parse(written) else { fatalError("the writer's output does not parse: \(String(decoding: written, as: UTF8.self))") }
    if JSONWriter.serialize(again) != written { fatalError("serialize(parse(serialize(v))) differs") }
    return 0
}
