/// How source names compare. Clients spell one device's name differently — a straight
/// or a curly apostrophe ("Jane's" / "Jane’s Apple Watch"), a space or a no-break space —
/// and HealthKit merges sources into one name separated by `|` ("iPhone|Apple Watch").
/// Names are kept as sent; they are compared, grouped and keyed in this normal form.
public enum SourceName {
    /// `name` with curly apostrophes and primes as `'` and no-break spaces as a space.
    /// ASCII names are returned as they are, without a copy.
    public static func normalized(_ name: String) -> String {
        guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return name }
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x2018, 0x2019, 0x02BC, 0x2032: out.append("'")
            case 0x00A0, 0x202F, 0x2007: out.append(" ")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The members of a merged name ("iPhone|Apple Watch" → ["iPhone", "Apple Watch"]).
    public static func members(_ name: String) -> [Substring] {
        name.split(separator: "|", omittingEmptySubsequences: true)
    }
}
