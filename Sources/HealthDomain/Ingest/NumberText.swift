/// Numbers as issue messages show them: whole numbers without a trailing ".0", others as
/// Swift prints them, so a message quotes a value the way the client wrote it.
public enum NumberText {
    /// `5` for 5.0, `2.5` for 2.5, `1e+20` for 1e20.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
