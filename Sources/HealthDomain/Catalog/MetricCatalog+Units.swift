/// Unit sets shared by several catalog entries: each names the canonical unit first, then
/// every spelling clients send with its exact conversion. Every `HKUnit` string HealthKit
/// writes for the set's dimension is accepted (mass g, kg, mg, mcg, oz, lb, st; length m,
/// cm, mm, km, in, ft, yd, mi; volume mL, cL, dL, L and the US and imperial fl_oz, cup,
/// pt; time ms, s, min, hr, d; energy kcal, Cal, cal, kJ, J; …), so a phone set to
/// stones or Fahrenheit syncs as it is; a unit of another dimension is refused.
extension MetricCatalog {
    static let metresToKilometres = 0.001
    static let milesToKilometres = 1.609_344
    static let feetToMetres = 0.304_8
    static let inchesToCentimetres = 2.54
    static let stonesToKilograms = 6.350_293_18
    static let ouncesToGrams = 28.349_523_125
    static let poundsToGrams = 453.592_37
    static let yardsToMetres = 0.914_4
    static let usFluidOuncesToMillilitres = 29.573_529_562_5
    static let imperialFluidOuncesToMillilitres = 28.413_062_5
    static let usPintsToMillilitres = 473.176_473
    static let imperialPintsToMillilitres = 568.261_25
    /// mmHg per pascal (1 mmHg = 133.322 387 415 Pa), per cm of water (98.0665 Pa), per
    /// standard atmosphere (exactly 760) and per inch of mercury (exactly 25.4).
    static let pascalsToMillimetresOfMercury = 0.007_500_62
    static let centimetresOfWaterToMillimetresOfMercury = 0.735_559_24
    /// mg/dL per mmol/L of glucose (molar mass 180.156 g/mol).
    static let glucoseMmolToMg = 18.015_6

    /// A plain number of things (flights, strokes, puffs).
    static let countUnits = MetricUnits("count")

    static let kilometreUnits = MetricUnits("km", [
        UnitConversion("m", factor: metresToKilometres), UnitConversion("mi", factor: milesToKilometres),
        UnitConversion("ft", factor: feetToMetres * metresToKilometres), UnitConversion("yd", factor: 3 * feetToMetres * metresToKilometres),
        UnitConversion("cm", factor: 0.000_01), UnitConversion("mm", factor: 0.000_001), UnitConversion("in", factor: 0.025_4 * metresToKilometres),
    ])
    static let metreUnits = MetricUnits("m", [
        UnitConversion("km", factor: 1000), UnitConversion("cm", factor: 0.01), UnitConversion("mi", factor: milesToKilometres * 1000),
        UnitConversion("ft", factor: feetToMetres), UnitConversion("yd", factor: 3 * feetToMetres), UnitConversion("in", factor: 0.025_4),
        UnitConversion("mm", factor: 0.001),
    ])
    /// Depth below the surface: metres (feet on a phone set to imperial units).
    static let depthUnits = metreUnits
    static let centimetreUnits = MetricUnits("cm", [
        UnitConversion("m", factor: 100), UnitConversion("mm", factor: 0.1), UnitConversion("in", factor: inchesToCentimetres),
        UnitConversion("ft", factor: 12 * inchesToCentimetres), UnitConversion("km", factor: 100_000),
        UnitConversion("yd", factor: yardsToMetres * 100), UnitConversion("mi", factor: milesToKilometres * 100_000),
    ])

    static let kilogramUnits = MetricUnits("kg", [
        UnitConversion("g", factor: 0.001), UnitConversion("lb", factor: poundsToKilograms), UnitConversion("lbs", factor: poundsToKilograms),
        UnitConversion("st", factor: stonesToKilograms), UnitConversion("oz", factor: ouncesToGrams / 1000),
        UnitConversion("mg", factor: 0.000_001), UnitConversion("mcg", factor: 0.000_000_001),
    ])
    static let gramUnits = MetricUnits("g", [
        UnitConversion("mg", factor: 0.001), UnitConversion("mcg", factor: 0.000_001), UnitConversion("kg", factor: 1000),
        UnitConversion("oz", factor: ouncesToGrams), UnitConversion("lb", factor: poundsToGrams), UnitConversion("st", factor: stonesToKilograms * 1000),
    ])
    static let milligramUnits = MetricUnits("mg", [
        UnitConversion("g", factor: 1000), UnitConversion("mcg", factor: 0.001), UnitConversion("µg", factor: 0.001),
        UnitConversion("ug", factor: 0.001), UnitConversion("kg", factor: 1_000_000), UnitConversion("oz", factor: ouncesToGrams * 1000),
        UnitConversion("lb", factor: poundsToGrams * 1000), UnitConversion("st", factor: stonesToKilograms * 1_000_000),
    ])
    static let microgramUnits = MetricUnits("mcg", microgramConversions)
    /// Vitamin D: micrograms, or international units (1 IU = 0.025 µg of cholecalciferol).
    static let vitaminDUnits = MetricUnits("mcg", microgramConversions + [UnitConversion("IU", factor: 0.025)])
    static let microgramConversions = [
        UnitConversion("µg"), UnitConversion("ug"), UnitConversion("mg", factor: 1000), UnitConversion("g", factor: 1_000_000),
        UnitConversion("kg", factor: 1_000_000_000), UnitConversion("oz", factor: ouncesToGrams * 1_000_000),
        UnitConversion("lb", factor: poundsToGrams * 1_000_000), UnitConversion("st", factor: stonesToKilograms * 1_000_000_000),
    ]

    static let millilitreUnits = MetricUnits("mL", [
        UnitConversion("ml"), UnitConversion("L", factor: 1000), UnitConversion("l", factor: 1000),
        UnitConversion("fl_oz_us", factor: usFluidOuncesToMillilitres), UnitConversion("fl oz", factor: usFluidOuncesToMillilitres),
        UnitConversion("cup_us", factor: 8 * usFluidOuncesToMillilitres), UnitConversion("dL", factor: 100), UnitConversion("cL", factor: 10),
        UnitConversion("pt_us", factor: usPintsToMillilitres), UnitConversion("fl_oz_imp", factor: imperialFluidOuncesToMillilitres),
        UnitConversion("cup_imp", factor: 10 * imperialFluidOuncesToMillilitres), UnitConversion("pt_imp", factor: imperialPintsToMillilitres),
    ])
    static let litreUnits = MetricUnits("L", [
        UnitConversion("l"), UnitConversion("mL", factor: 0.001), UnitConversion("ml", factor: 0.001), UnitConversion("dL", factor: 0.1),
        UnitConversion("cL", factor: 0.01), UnitConversion("fl_oz_us", factor: usFluidOuncesToMillilitres / 1000),
        UnitConversion("cup_us", factor: 8 * usFluidOuncesToMillilitres / 1000), UnitConversion("pt_us", factor: usPintsToMillilitres / 1000),
        UnitConversion("fl_oz_imp", factor: imperialFluidOuncesToMillilitres / 1000),
        UnitConversion("cup_imp", factor: 10 * imperialFluidOuncesToMillilitres / 1000),
        UnitConversion("pt_imp", factor: imperialPintsToMillilitres / 1000),
    ])
    static let litresPerMinuteUnits = MetricUnits("L/min", [
        UnitConversion("l/min"), UnitConversion("L/s", factor: 60), UnitConversion("mL/min", factor: 0.001), UnitConversion("ml/min", factor: 0.001),
    ])

    static let minuteUnits = MetricUnits("min", [
        UnitConversion("s", factor: 1.0 / 60), UnitConversion("hr", factor: 60), UnitConversion("h", factor: 60),
        UnitConversion("ms", factor: 1.0 / 60_000), UnitConversion("d", factor: 1440),
    ])
    static let millisecondUnits = MetricUnits("ms", [
        UnitConversion("s", factor: 1000), UnitConversion("min", factor: 60_000), UnitConversion("hr", factor: 3_600_000),
        UnitConversion("d", factor: 86_400_000),
    ])

    static let beatsPerMinuteUnits = MetricUnits("bpm", [UnitConversion("count/min"), UnitConversion("beats/min"), UnitConversion("count/s", factor: 60)])
    static let breathsPerMinuteUnits = MetricUnits("breaths/min", [
        UnitConversion("count/min"), UnitConversion("brpm"), UnitConversion("bpm"), UnitConversion("count/s", factor: 60),
    ])
    static let cadenceUnits = MetricUnits("rpm", [UnitConversion("count/min"), UnitConversion("count/s", factor: 60)])
    /// Blood pressure: mmHg, or any pressure HealthKit writes.
    static let millimetresOfMercuryUnits = MetricUnits("mmHg", [
        UnitConversion("kPa", factor: 7.500_62), UnitConversion("Pa", factor: pascalsToMillimetresOfMercury),
        UnitConversion("cmAq", factor: centimetresOfWaterToMillimetresOfMercury), UnitConversion("atm", factor: 760),
        UnitConversion("inHg", factor: 25.4),
    ])

    /// Celsius; Fahrenheit through `× 5/9 − 160/9`, kelvin through `− 273.15`.
    static let celsiusUnits = MetricUnits("degC", [
        UnitConversion("°C"), UnitConversion("degF", factor: 5.0 / 9, offset: -160.0 / 9), UnitConversion("°F", factor: 5.0 / 9, offset: -160.0 / 9),
        UnitConversion("K", offset: -273.15),
    ])
    /// Blood glucose; HealthKit spells mmol/L with glucose's molar mass.
    static let glucoseUnits = MetricUnits("mg/dL", [
        UnitConversion("mmol/L", factor: glucoseMmolToMg), UnitConversion("mmol<180.15588000005408>/L", factor: glucoseMmolToMg),
    ])
    /// Percent on a 0–100 scale; HealthKit's percent unit is a 0–1 fraction.
    static let percentUnits = MetricUnits("%", [UnitConversion("fraction", factor: 100)])

    static let kilometresPerHourUnits = MetricUnits("km/h", [
        UnitConversion("km/hr"), UnitConversion("m/s", factor: 3.6), UnitConversion("mi/hr", factor: milesToKilometres),
        UnitConversion("mph", factor: milesToKilometres), UnitConversion("ft/s", factor: feetToMetres * 3.6),
    ])
    static let metresPerSecondUnits = MetricUnits("m/s", [
        UnitConversion("ft/s", factor: feetToMetres), UnitConversion("km/h", factor: 1 / 3.6), UnitConversion("km/hr", factor: 1 / 3.6),
        UnitConversion("mi/hr", factor: milesToKilometres / 3.6), UnitConversion("mph", factor: milesToKilometres / 3.6),
    ])
    static let wattUnits = MetricUnits("W", [UnitConversion("kW", factor: 1000), UnitConversion("watts")])
    static let decibelUnits = MetricUnits("dBASPL", [UnitConversion("dB"), UnitConversion("dBA"), UnitConversion("dB SPL")])
    static let vo2MaxUnits = MetricUnits("mL/kg/min", [
        UnitConversion("ml/(kg*min)"), UnitConversion("mL/(kg*min)"), UnitConversion("ml/kg/min"), UnitConversion("ml/(kg·min)"),
        UnitConversion("mL/(kg·min)"),
    ])
    static let bodyMassIndexUnits = MetricUnits("count", [UnitConversion("kg/m2"), UnitConversion("kg/m^2"), UnitConversion("kg/m²")])
    static let microsiemensUnits = MetricUnits("mcS", [
        UnitConversion("µS"), UnitConversion("uS"), UnitConversion("mS", factor: 1000), UnitConversion("S", factor: 1_000_000),
    ])
    static let insulinUnits = MetricUnits("IU", [UnitConversion("U")])
    /// Physical effort: kilocalories per kilogram and hour, numerically METs.
    static let physicalEffortUnits = MetricUnits("kcal/(kg*hr)", [
        UnitConversion("kcal/hr·kg"), UnitConversion("kcal/(kg·hr)"), UnitConversion("kcal/hr/kg"), UnitConversion("MET"), UnitConversion("METs"),
    ])
    static let effortScoreUnits = MetricUnits("appleEffortScore", [UnitConversion("count"), UnitConversion("score")])
}
