/// Where a write intent is in its life. `pending` and `failed` are offered to the phone
/// (failed only once `nextRetryAt` has passed); `applied`, `skipped` and `reconciled`
/// are final for the version that reached them; `dead` and `cancelled` are parked until
/// an author posts a changed body.
public enum IntentStatus: String, Sendable, CaseIterable, Comparable {
    /// Never acknowledged for its current version.
    case pending
    /// The last attempt failed retryably; offered again at `nextRetryAt`.
    case failed
    /// Failed `maxAttempts` times, or failed with `retryable: false`; no longer offered.
    case dead
    /// The phone wrote it into HealthKit; waiting for the sample to sync back.
    case applied
    /// The phone chose not to write it (final).
    case skipped
    /// Withdrawn by its author before it was applied.
    case cancelled
    /// Its HealthKit sample came back through ingest; the sample now carries the value.
    case reconciled

    /// States the phone may still be asked to apply (subject to `nextRetryAt`).
    public var isOffered: Bool { self == .pending || self == .failed }

    /// States whose value is not yet in the day totals but will be: what summaries
    /// show as "queued".
    public var isQueued: Bool { self == .pending || self == .failed || self == .applied }

    /// States in which HealthKit holds (or held) this version: the body can no longer change.
    public var isWritten: Bool { self == .applied || self == .reconciled || self == .skipped }

    /// By declaration order, so listings by status are stable.
    public static func < (lhs: IntentStatus, rhs: IntentStatus) -> Bool {
        lhs.declarationIndex < rhs.declarationIndex
    }

    /// The position in the declaration above; the switch is exhaustive, so a new case
    /// cannot be left without one.
    private var declarationIndex: Int {
        switch self {
        case .pending: 0
        case .failed: 1
        case .dead: 2
        case .applied: 3
        case .skipped: 4
        case .cancelled: 5
        case .reconciled: 6
        }
    }

    /// The SQL list of the queued states, for `IN (…)` clauses and partial indexes.
    static let queuedSQL = "('pending', 'failed', 'applied')"
}
