/// Where messages wait until they are delivered or given up: implemented by the store
/// with a table, and in memory by ``InMemoryWebhookOutbox``.
///
/// The ordering contract lives here, because only the outbox sees every waiting row: an
/// endpoint's **head** is its undelivered, unexpired item with the smallest id, and only
/// heads are ever handed out. An endpoint whose head waits for a retry therefore sends
/// nothing newer until that head is delivered or expired.
///
/// ``WebhookDispatcher`` calls every method from its own thread, one call at a time, so a
/// blocking database call is fine here. A thrown error makes the dispatcher wait and try
/// again; a delivery whose `delivered` call failed is sent again later, which receivers
/// absorb by de-duplicating on the message id.
public protocol WebhookOutbox: Sendable {
    /// Up to `limit` endpoint heads whose ``OutboxItem/nextAttemptMs`` is at most `nowMs`,
    /// earliest due first, at most one per endpoint.
    func due(nowMs: Int64, limit: Int) throws -> [OutboxItem]

    /// The earliest ``OutboxItem/nextAttemptMs`` of an endpoint head that is later than
    /// `nowMs`, or nil when no head waits for a later time.
    func nextAttemptMs(after nowMs: Int64) throws -> Int64?

    /// The item was delivered: remove it (or mark it done); the endpoint's next item becomes its head.
    func delivered(id: Int64) throws

    /// Attempt number `attempt` (from 1) failed: record the attempt count, the first
    /// attempt's time (set on the first failure, unchanged after), when to try next, and a
    /// log-safe reason.
    func failed(id: Int64, attempt: Int, firstAttemptMs: Int64, nextAttemptMs: Int64, lastError: String) throws

    /// The item is given up after `attempt` attempts (the retry horizon passed, or it can
    /// never be sent): remove it from the queue (or mark it dead) so the endpoint moves on.
    func expired(id: Int64, attempt: Int, lastError: String) throws
}
