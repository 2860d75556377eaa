/// Comparisons whose duration does not depend on where two secrets differ.
public enum ConstantTime {
    /// Whether `a` and `b` are equal, looking at every byte even after a difference, so a
    /// forger cannot learn a signature byte by byte from response times. Only the lengths
    /// (public: a digest's length is known) end it early.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices {
            difference |= a[index] ^ b[index]
        }
        return difference == 0
    }
}
