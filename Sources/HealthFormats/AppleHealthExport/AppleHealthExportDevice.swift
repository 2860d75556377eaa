import HealthDomain

/// The `device` attribute of an export record: HealthKit's description of an `HKDevice`,
/// `<<HKDevice: 0x2815e4c80>, name:Apple Watch, manufacturer:Apple Inc., model:Watch,
/// hardware:Watch6,1, software:9.0>>`. The pointer and the long list say nothing about the
/// reading, so the device is kept as its name and hardware ("Apple Watch (Watch6,1)").
public enum AppleHealthExportDevice {
    /// A short device label, or the text itself (cut to 256 characters) when it is not an HKDevice description.
    public static func label(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.hasPrefix("<<HKDevice") else { return String(text.prefix(256)) }
        var fields: [Substring: Substring] = [:]
        // ", key:value" pairs; values themselves may hold commas (hardware "Watch6,1"),
        // so a pair starts only where ", " is followed by a known key and ':'.
        let body = text.drop { $0 != ">" }.dropFirst()
        var rest = Substring(body.hasSuffix(">>") ? body.dropLast(2) : body)
        let keys = ["name", "manufacturer", "model", "hardware", "software", "localIdentifier", "UDIDeviceIdentifier", "FDAUDI", "firmware"]
        while let comma = rest.range(of: ", ") {
            rest = rest[comma.upperBound...]
            guard let colon = rest.firstIndex(of: ":") else { break }
            let key = rest[..<colon]
            guard keys.contains(String(key)) else { continue }
            var valueEnd = rest.endIndex
            var search = rest[rest.index(after: colon)...]
            while let next = search.range(of: ", ") {
                let after = search[next.upperBound...]
                if let nextColon = after.firstIndex(of: ":"), keys.contains(String(after[..<nextColon])) {
                    valueEnd = next.lowerBound
                    break
                }
                search = after
            }
            fields[key] = rest[rest.index(after: colon)..<valueEnd]
            rest = rest[valueEnd...]
        }
        guard let name = fields["name"] else { return fields["model"].map(String.init) }
        if let hardware = fields["hardware"], !hardware.isEmpty { return String("\(name) (\(hardware))".prefix(256)) }
        return String(name.prefix(256))
    }
}
