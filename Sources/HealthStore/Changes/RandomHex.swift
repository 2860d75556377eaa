/// Random identifiers: lowercase hex from the system's random source (getrandom on Linux).
enum RandomHex {
    /// `words` × 16 hex digits (64 random bits each).
    static func digits(words: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<words).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
