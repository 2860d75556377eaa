import HealthDomain

extension DemoHistory {
    /// The outline of day `index` (0 ..< ``dayCount``): the same plan its samples are drawn
    /// from, so samples placed inside ``DemoDayOutline/waking`` or ``DemoDayOutline/night``
    /// fall where the history's own do and never on the neighbouring days' nights.
    public func outline(forDayIndex index: Int) -> DemoDayOutline {
        precondition((0..<dayCount).contains(index), "day index \(index) outside 0..<\(dayCount)")
        let plan = self.plan(forDayIndex: index)
        return DemoDayOutline(day: plan.day, zone: plan.zone, night: plan.sleepStartMs..<plan.wakeMs,
                              waking: plan.wakeMs..<max(plan.wakeMs, plan.activityEndMs),
                              isSick: plan.kind == .sick, isTravelDay: plan.isArrival || plan.isFlightOut)
    }
}

extension DemoHistory {
    /// The Watch's name and bundle identifier as its samples carry them.
    public var watchSource: (name: String, bundleId: String) { (watch.name, watch.bundleId) }
    /// The iPhone's name and bundle identifier as its samples carry them.
    public var phoneSource: (name: String, bundleId: String) { (phone.name, phone.bundleId) }
}
