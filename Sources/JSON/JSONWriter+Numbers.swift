extension JSONWriter {
    /// 2^53: below it every whole double is an exact integer worth printing as one.
    static let largestExactInteger: Double = 9_007_199_254_740_992

    /// Whole numbers below 2^53 print as integers (`1712345678901`, `-3`, `0`, never
    /// `-0`); everything else prints Swift's shortest round-trip form (`0.1`, `1e+300`,
    /// `5e-324`), which is always valid RFC 8259 §6 syntax for finite values. JSON has no
    /// NaN or infinity, so non-finite numbers become `null` rather than invalid output.
    static func writeNumber(_ number: Double, into output: inout [UInt8]) {
        guard number.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        if number.rounded(.towardZero) == number, abs(number) < largestExactInteger {
            output.append(contentsOf: String(Int64(number)).utf8)
        } else {
            output.append(contentsOf: number.description.utf8)
        }
    }
}
