/// How derived numbers are written into JSON: rounded to 3 decimals so that a total of
/// split samples reads 3750 rather than 3749.9999999999995. Only the output is rounded;
/// aggregates keep full precision, so rounding never feeds back into the math.
package enum JSONRounding {
    package static func number(_ value: Double) -> JSONValue {
        let rounded = (value * 1000).rounded() / 1000
        // Normalise -0 so equal aggregates always serialise identically.
        return .number(rounded == 0 ? 0 : rounded)
    }
}
