extension DayAggregate {
    /// The version of what an aggregate holds, for stores that keep them: a store whose
    /// aggregates were written under another version derives them anew from the samples.
    ///
    /// 1: source names in their normal form ("Ana's Apple Watch" for "Ana’s Apple Watch").
    /// 2: source names as the samples spelled them, matched by the normal form.
    public static let format = 2
}
