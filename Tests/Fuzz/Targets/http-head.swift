@testable import HTTPTransport

/// The request head scanner and parser, fed the whole input and then byte by byte as a
/// slow client would send it: both must agree, and neither may crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ParserLimits(maxRequestLineBytes: 512, maxHeaderBytes: 2048, maxHeaderCount: 16)
    let whole = parse(bytes, limits: limits)
    var scanner = HeadScanner(limits: limits)
    var piecewise: String?
    if size <= 4096 {
        for count in stride(from: 1, through: size, by: 1) {
            let step: String? = bytes[..<count].withUnsafeBytes { raw in
                do throws(HTTPParseError) {
                    switch try scanner.scan(raw) {
                    case .needMore: return nil
                    case let .complete(start, end):
                        return describe(try HeadParser.parse(UnsafeRawBufferPointer(rebasing: raw[start..<end]), limits: limits))
                    }
                } catch {
                    return "error"
                }
            }
            if let step { piecewise = step; break }
        }
        if (whole ?? "more") != (piecewise ?? "more") {
            fatalError("whole \(whole ?? "more") vs piecewise \(piecewise ?? "more")")
        }
    }
    return 0
}

private func parse(_ bytes: [UInt8], limits: ParserLimits) -> String? {
    var scanner = HeadScanner(limits: limits)
    return bytes.withUnsafeBytes { raw -> String? in
        do throws(HTTPParseError) {
            switch try scanner.scan(raw) {
            case .needMore: return nil
            case let .complete(start, end):
                return describe(try HeadParser.parse(UnsafeRawBufferPointer(rebasing: raw[start..<end]), limits: limits))
            }
        } catch {
            return "error"
        }
    }
}

private func describe(_ head: RequestHead) -> String { "\(head)" }
