extension Metric {
    /// Respiratory rate in breaths per minute; read by the strain signal.
    public static let respiratoryRatePerMin: Metric = "respiratory_rate_per_min"
    /// Wrist temperature while sleeping in °C; read by the strain signal.
    public static let wristTemperatureDegC: Metric = "wrist_temperature_degc"
}
