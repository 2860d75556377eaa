import Testing
@testable import HTTPTransport

@Suite("Chunked transfer coding (RFC 9112 §7.1)")
struct ChunkedDecoderTests {
    private func decoded(_ text: String, pieceSize: Int = Int.max, limits: ParserLimits = ParserLimits()) -> String? {
        guard case let .success(result) = decodeChunked(text, pieceSize: pieceSize, limits: limits) else { return nil }
        return String(decoding: result.body, as: UTF8.self)
    }

    private func error(_ text: String, limits: ParserLimits = ParserLimits()) -> HTTPParseError? {
        guard case let .failure(error) = decodeChunked(text, limits: limits) else { return nil }
        return error
    }

    @Test func decodesChunks() {
        #expect(decoded("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n") == "hello world")
        #expect(decoded("A\r\n0123456789\r\n0\r\n\r\n") == "0123456789")
        #expect(decoded("0\r\n\r\n") == "")
    }

    @Test func ignoresExtensionsAndTrailers() {
        #expect(decoded("5;name=value\r\nhello\r\n5 ; x\r\nworld\r\n0;last\r\nX-Checksum: 1\r\nX-Other: 2\r\n\r\n") == "helloworld")
    }

    @Test(arguments: [1, 2, 3, 7])
    func decodesAcrossReads(pieceSize: Int) {
        #expect(decoded("5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\n", pieceSize: pieceSize) == "hello world")
    }

    @Test func leavesTheNextRequestInTheBuffer() throws {
        let result = try decodeChunked("3\r\nabc\r\n0\r\n\r\nGET / HTTP/1.1\r\n").get()
        #expect(String(decoding: result.rest, as: UTF8.self) == "GET / HTTP/1.1\r\n")
    }

    @Test(arguments: ["zz\r\nhello\r\n0\r\n\r\n", "\r\nhello\r\n0\r\n\r\n", "-5\r\nhello\r\n0\r\n\r\n", "5x\r\nhello\r\n0\r\n\r\n",
                      "0x5\r\nhello\r\n0\r\n\r\n"])
    func invalidChunkSizesGet400(_ text: String) {
        #expect(error(text) == .badRequest("invalid chunk size"))
    }

    @Test func overflowingChunkSizeGets400() {
        #expect(error("fffffffffffffffff\r\nx\r\n") == .badRequest("chunk size too large"))
    }

    @Test func missingLineEndingsGet400() {
        #expect(error("5\nhello\r\n0\r\n\r\n") == .badRequest("missing CRLF after chunk size"))
        #expect(error("5\r\nhelloXY0\r\n\r\n") == .badRequest("missing CRLF after chunk data"))
        #expect(error("5\r\nhello\n0\r\n\r\n") == .badRequest("missing CRLF after chunk data"))
        #expect(error("0\r\nX: 1\n\r\n") == .badRequest("bare LF in trailer section"))
    }

    @Test func decodedSizeIsLimited() {
        let limits = ParserLimits(maxBodyBytes: 8)
        #expect(decoded("4\r\nabcd\r\n4\r\nefgh\r\n0\r\n\r\n", limits: limits) == "abcdefgh")
        #expect(error("4\r\nabcd\r\n5\r\nefghi\r\n0\r\n\r\n", limits: limits)?.status == .contentTooLarge)
        // Detected from the size line, before the data is read.
        #expect(error("100\r\n", limits: limits)?.status == .contentTooLarge)
    }

    @Test func trailersAreLimited() {
        let limits = ParserLimits(maxHeaderBytes: 40, maxHeaderCount: 2)
        #expect(error("0\r\nX-A: " + String(repeating: "a", count: 60) + "\r\n\r\n", limits: limits)?.status == .requestHeaderFieldsTooLarge)
        #expect(error("0\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: limits)?.status == .requestHeaderFieldsTooLarge)
    }

    @Test func chunkLineLengthIsLimited() {
        #expect(error("5;" + String(repeating: "e", count: 5000)) == .badRequest("chunk size line too long"))
    }
}
