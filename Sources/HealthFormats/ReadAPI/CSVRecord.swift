import HealthDomain

/// RFC 4180 text: a field is quoted when it holds a comma, a double quote, CR or LF (or
/// starts or ends with a space), doubling the quotes inside; records end with CRLF.
public enum CSVRecord {
    /// Appends one record (the fields and CRLF) to `out`.
    public static func append(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(0x2C) }
            appendField(field, to: &out)
        }
        out.append(0x0D)
        out.append(0x0A)
    }

    /// Appends one field, quoted when it must be.
    public static func appendField(_ field: String, to out: inout [UInt8]) {
        let bytes = field.utf8
        let needsQuotes = bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }
            || bytes.first == 0x20 || bytes.last == 0x20
        guard needsQuotes else {
            out.append(contentsOf: bytes)
            return
        }
        out.append(0x22)
        for byte in bytes {
            if byte == 0x22 { out.append(0x22) }
            out.append(byte)
        }
        out.append(0x22)
    }
}
