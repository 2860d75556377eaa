import HealthStore

extension WriteIntentContent {
    /// The longest span one intent may cover (``Limits/intentMaxDurationMs``).
    public static let maxDurationMs = Limits.intentMaxDurationMs

    /// The longest note and source (``Limits/intentNoteLength``, ``Limits/intentSourceLength``).
    public static let maxNoteLength = Limits.intentNoteLength
    public static let maxSourceLength = Limits.intentSourceLength
}
