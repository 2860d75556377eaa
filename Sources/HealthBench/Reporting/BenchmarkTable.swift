/// Latency statistics and a plain-text table for benchmark output.
struct BenchmarkTable {
    var title: String
    var columns: [String]
    var rows: [[String]] = []

    mutating func add(_ row: [String]) { rows.append(row) }

    var rendered: String {
        var widths = columns.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { i, c in c + String(repeating: " ", count: widths[i] - c.count) }.joined(separator: " | ") + " |"
        }
        var out = title + "\n" + line(columns) + "\n"
        out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }

    /// The `q` quantile (0…1) of `values` by the nearest-rank method.
    static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func format(_ value: Double, decimals: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // The sign is written apart: -0.44 has a whole part of 0, which carries none.
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = scaled % Int(scale)
        let digits = decimals == 0 ? grouped(whole) : grouped(whole) + "." + String(repeating: "0", count: decimals - String(fraction).count) + String(fraction)
        return (value < 0 && scaled != 0 ? "-" : "") + digits
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }
}
