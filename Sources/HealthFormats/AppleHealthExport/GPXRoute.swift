import HealthDomain

/// The points of a GPX 1.1 track (https://www.topografix.com/GPX/1/1/) as route points
/// of a ``WorkoutDraft``: each `trkpt`'s `lat` and `lon` attributes, its `ele` and `time`
/// children. Fed element by element from a streamed GPX file; keeps only the points.
public struct GPXRoute {
    /// The points read so far.
    public private(set) var points: [WorkoutDraft.RoutePoint] = []
    private var current: WorkoutDraft.RoutePoint?
    private var field: String?

    /// An empty route.
    public init() {}

    /// Elements whose content a route does not use: a reader may skip them unread.
    public static let unusedElements: Set<String> = ["extensions"]

    /// Takes a start tag.
    public mutating func start(_ name: String, _ attributes: [(name: String, value: String)]) {
        switch name {
        case "trkpt", "rtept":
            guard let latitude = attributes.first(where: { $0.name == "lat" }).flatMap({ Double($0.value) }),
                  let longitude = attributes.first(where: { $0.name == "lon" }).flatMap({ Double($0.value) }) else { return }
            current = WorkoutDraft.RoutePoint(timeMs: nil, latitude: latitude, longitude: longitude)
        case "ele", "time":
            field = current == nil ? nil : name
        default:
            field = nil
        }
    }

    /// Takes character data.
    public mutating func text(_ text: String) {
        guard let field, current != nil else { return }
        // Values are written without padding; trim only when there is something to trim.
        let utf8 = text.utf8
        let padded = utf8.first.map { $0 <= 0x20 } == true || utf8.last.map { $0 <= 0x20 } == true
        let trimmed = padded ? String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) : text
        if field == "ele", let altitude = Double(trimmed) { current?.altitude = altitude }
        if field == "time", let time = Self.instant(trimmed) { current?.timeMs = time }
    }

    /// Takes an end tag.
    public mutating func end(_ name: String) {
        if name == "ele" || name == "time" { field = nil }
        if (name == "trkpt" || name == "rtept"), let point = current {
            if point.timeMs != nil { points.append(point) }
            current = nil
        }
    }

    /// Epoch milliseconds of an ISO 8601 time (`2026-04-10T05:00:00Z`, fractions and offsets allowed).
    static func instant(_ text: String) -> Int64? { HealthAutoExportDate.parse(text)?.ms }
}
