/// The limits the store itself enforces. The API's `Limits` table states them from here,
/// so capabilities and documents name the numbers the store uses.
public enum StoreLimits {
    /// Days a HealthSave batch's idempotency key (with its response, for replays) is kept:
    /// a phone that was offline for weeks re-sends its queued batches when it returns, and
    /// each must still replay instead of being stored twice or refused.
    public static let batchLedgerRetentionDays = 90
    /// `batchLedgerRetentionDays` in milliseconds.
    public static var batchLedgerRetentionMs: Int64 { Int64(batchLedgerRetentionDays) * 86_400_000 }
    /// Expired ledger rows one recorded batch deletes: the sweep rides on writes and stays
    /// bounded, so a backlog (a server that was off for months) drains over a few batches
    /// instead of holding the writer.
    public static let batchLedgerSweepRows = 256
}
