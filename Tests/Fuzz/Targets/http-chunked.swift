@testable import HTTPTransport

/// The chunked body decoder, fed the input whole and in pieces of a size the first byte
/// picks: the decoded bytes and the outcome must not depend on how the input was split.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let piece = Int(data[0] % 16) + 1
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let limits = ParserLimits(maxBodyBytes: 1 << 16)
    let whole = decode(input, piece: max(input.count, 1), limits: limits)
    let split = decode(input, piece: piece, limits: limits)
    if whole != split { fatalError("whole \(whole) vs pieces of \(piece) \(split)") }
    return 0
}

/// Feeds `input` in pieces, keeping what the decoder left unconsumed, like the connection does.
private func decode(_ input: [UInt8], piece: Int, limits: ParserLimits) -> String {
    var decoder = ChunkedDecoder(limits: limits)
    var body: [UInt8] = []
    var pending: [UInt8] = []
    var offset = 0
    while offset < input.count && !decoder.isComplete {
        let end = min(offset + piece, input.count)
        pending += input[offset..<end]
        offset = end
        do {
            let consumed = try pending.withUnsafeBytes { try decoder.decode($0, into: &body) }
            pending.removeFirst(consumed)
        } catch {
            return "error after \(body.count)"
        }
    }
    return decoder.isComplete ? "complete \(body) rest \(pending.count + input.count - offset)" : "incomplete \(body)"
}
