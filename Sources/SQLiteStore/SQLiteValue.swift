/// A value SQLite stores.
///
/// The five cases mirror SQLite's storage classes
/// (https://sqlite.org/datatype3.html#storage_classes_and_datatypes), so a
/// value read back from a column round-trips without conversion.
public enum SQLiteValue: Sendable, Hashable {
    /// SQL `NULL`.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])
}

extension SQLiteValue {
    /// Whether this is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
