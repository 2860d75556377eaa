/// A recording device or app of the demo history, as it appears on its samples.
struct DemoSource: Sendable {
    let name: String
    let bundleId: String

    static let myFitnessPal = DemoSource(name: "MyFitnessPal", bundleId: "com.myfitnesspal.mfp")
    static let withings = DemoSource(name: "Withings", bundleId: "com.withings.wiScaleNG")
    static let ringConn = DemoSource(name: "RingConn", bundleId: "com.ringconn.app")
}
