/// Sends one signed delivery attempt and reports how it ended. The dispatcher calls it
/// from a task of its own, one attempt per endpoint at a time; it must not throw or hang
/// past its timeout, and should end promptly when the calling task is cancelled.
public protocol WebhookTransport: Sendable {
    /// POSTs `request` and classifies the answer.
    func send(_ request: WebhookRequest) async -> WebhookDeliveryOutcome
}
