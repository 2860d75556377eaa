/// One unit spelling a metric accepts and how a value in it becomes the canonical unit:
/// `canonical = value × factor + offset` (the offset is for temperature scales).
public struct UnitConversion: Sendable, Equatable {
    /// The spelling as clients send it, matched exactly: HealthKit distinguishes `Cal`
    /// (kilocalorie) from `cal` (calorie), so case folding would silently scale energy by 1000.
    public var unit: String
    /// Multiplier into the canonical unit.
    public var factor: Double
    /// Added after the multiplication.
    public var offset: Double

    /// A conversion with explicit values.
    public init(_ unit: String, factor: Double = 1, offset: Double = 0) {
        self.unit = unit
        self.factor = factor
        self.offset = offset
    }

    /// `value` in the canonical unit. The identity conversion returns `value` unchanged,
    /// bit for bit, so canonical values are stored exactly as sent.
    public func canonical(_ value: Double) -> Double {
        if factor == 1, offset == 0 { return value }
        return value * factor + offset
    }
}

/// The canonical unit of a metric and every spelling it accepts.
public struct MetricUnits: Sendable, Equatable {
    /// The unit values are stored in.
    public var canonical: String
    /// Accepted spellings with their conversion; the canonical unit is always first.
    public var accepted: [UnitConversion]

    /// The canonical unit plus `others`.
    public init(_ canonical: String, _ others: [UnitConversion] = []) {
        self.canonical = canonical
        self.accepted = [UnitConversion(canonical)] + others.filter { $0.unit != canonical }
    }

    /// The conversion for `unit`, or nil when the metric does not take it.
    public func conversion(for unit: String) -> UnitConversion? { accepted.first { $0.unit == unit } }

    /// Accepted spellings, canonical first.
    public var names: [String] { accepted.map(\.unit) }
}
