/// The Prometheus text exposition format, version 0.0.4: escaping, number formatting and
/// the layout of families.
public enum PrometheusText {
    /// The `Content-Type` of a scrape response.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// A sample value or an `le` bound: `+Inf`, `-Inf` and `NaN` spelled as the format
    /// wants them, whole numbers without a fraction or exponent (`1000000`, not `1e+06`),
    /// everything else in the shortest form that reads back to the same Double.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        // Every whole Double below 2^63 converts to an Int64 exactly; beyond, the shortest
        // form (with an exponent) is shorter than the digits.
        if value == value.rounded(), abs(value) < 9_223_372_036_854_775_808 {
            return String(Int64(value))
        }
        return value.description
    }

    /// Help text with `\` and line feeds escaped, as `# HELP` lines need.
    public static func escapeHelp(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A label value with `\`, `"` and line feeds escaped.
    public static func escapeLabelValue(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Appends one family: `# HELP` and `# TYPE` once, then its samples.
    static func write(_ family: FamilySnapshot, into out: inout String) {
        out += "# HELP \(family.name) \(escapeHelp(family.help))\n"
        out += "# TYPE \(family.name) \(family.type.rawValue)\n"
        for sample in family.samples {
            out += sample.name
            if !sample.labels.isEmpty {
                out += "{"
                for (index, (name, value)) in sample.labels.enumerated() {
                    if index > 0 { out += "," }
                    out += name
                    out += "=\""
                    out += escapeLabelValue(value)
                    out += "\""
                }
                out += "}"
            }
            out += " "
            out += format(sample.value)
            out += "\n"
        }
    }
}
