extension JSONScanner {
    /// Exact powers of ten for the fast path: every 10^k with k ≤ 22 is a double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// RFC 8259 §6: `[ minus ] int [ frac ] [ exp ]`, with no leading zeros, no leading
    /// plus, and at least one digit after `.` and after `e`.
    ///
    /// The grammar is checked here byte by byte. The value comes from an exact fast path
    /// when the digits fit in 2^53 and the decimal exponent is within ±22 (both operands
    /// are then exact doubles and one IEEE operation rounds correctly); anything else is
    /// handed to the standard library's correctly rounded, locale-independent conversion.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        var isNegative = false
        if bytes[position] == UInt8(ascii: "-") {
            isNegative = true
            position += 1
        }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw failure("expected a digit after '-'", at: position)
        }

        var significand: UInt64 = 0
        var digitCount = 0
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw failure("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &significand, count: &digitCount)
                position += 1
            }
        }

        var fractionDigits = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw failure("expected a digit after the decimal point", at: position)
            }
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &significand, count: &digitCount)
                fractionDigits += 1
                position += 1
            }
        }

        var exponent = 0
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentIsNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentIsNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw failure("expected a digit in the exponent", at: position)
            }
            while position < bytes.count, isDigit(bytes[position]) {
                // Clamped: anything this large is out of range (or zero) anyway.
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            if exponentIsNegative { exponent = -exponent }
        }

        let decimalExponent = exponent - fractionDigits
        if digitCount <= 19, significand <= 1 << 53, (-22...22).contains(decimalExponent) {
            var value = Double(significand)
            if decimalExponent < 0 {
                value /= Self.powersOfTen[-decimalExponent]
            } else if decimalExponent > 0 {
                value *= Self.powersOfTen[decimalExponent]
            }
            return isNegative ? -value : value
        }
        return try convertSlowly(from: start)
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Adds one digit while the significand is still exact in a UInt64 (19 digits);
    /// beyond that only the count grows, which routes the number to the slow path.
    @inline(__always)
    func accumulate(_ digit: UInt8, into significand: inout UInt64, count: inout Int) {
        if count < 19 {
            significand = significand &* 10 &+ UInt64(digit - UInt8(ascii: "0"))
        }
        count += 1
    }

    /// The correctly rounded conversion for long or extreme numbers; the text has
    /// already been validated against the JSON grammar, which is stricter than Swift's.
    func convertSlowly(from start: Int) throws(JSONParseError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("number out of range", at: start)
        }
        return value
    }
}
