/// The character rules of the exposition format for metric and label names.
public enum MetricName {
    /// Whether `name` matches `[a-zA-Z_:][a-zA-Z0-9_:]*`.
    public static func isValidMetricName(_ name: String) -> Bool {
        isValid(name, allowColon: true)
    }

    /// Whether `name` matches `[a-zA-Z_][a-zA-Z0-9_]*`.
    public static func isValidLabelName(_ name: String) -> Bool {
        isValid(name, allowColon: false)
    }

    private static func isValid(_ name: String, allowColon: Bool) -> Bool {
        guard !name.isEmpty else { return false }
        for (index, byte) in name.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                continue
            case UInt8(ascii: ":") where allowColon:
                continue
            case UInt8(ascii: "0")...UInt8(ascii: "9") where index > 0:
                continue
            default:
                return false
            }
        }
        return true
    }
}
