/// One GPS location of a workout's route.
public struct RoutePoint: Sendable, Equatable {
    /// When, Unix epoch milliseconds.
    public var timeMs: Int64
    /// Latitude in degrees, −90…90.
    public var latitude: Double
    /// Longitude in degrees, −180…180.
    public var longitude: Double
    /// Altitude above sea level in metres, when known.
    public var altitudeM: Double?

    /// A location.
    public init(timeMs: Int64, latitude: Double, longitude: Double, altitudeM: Double? = nil) {
        self.timeMs = timeMs
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeM = altitudeM
    }
}
