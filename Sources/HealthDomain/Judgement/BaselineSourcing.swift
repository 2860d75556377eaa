/// Which sources' days a baseline was built from. A new watch can read HRV or resting
/// heart rate differently from the old one; comparing a day against another device's
/// month would report the device change as a change in the person.
public enum BaselineSourcing: String, Sendable, CaseIterable {
    /// Every day of the window (and the judged day, when it has a value) comes from one source.
    case singleSource = "single_source"
    /// Sources differ, and the judged day's source has enough days in the window: only
    /// those days are used.
    case currentSourceOnly = "current_source_only"
    /// Sources differ, and the judged day's source has too few days in the window (or the
    /// judged day has no value): every source's days are used, mixed.
    case mixedSources = "mixed_sources"
}
