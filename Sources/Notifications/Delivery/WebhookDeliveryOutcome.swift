/// How one delivery attempt ended.
public enum WebhookDeliveryOutcome: Sendable, Equatable {
    /// The receiver answered 2xx with this status.
    case delivered(status: Int)
    /// Anything else: try again later (or give up, see ``WebhookFailure/isRetryable``).
    case failed(WebhookFailure)

    /// The outcome of an HTTP answer with `status`.
    public static func forStatus(_ status: Int) -> WebhookDeliveryOutcome {
        switch status {
        case 200..<300: .delivered(status: status)
        case 300..<400: .failed(WebhookFailure(.redirect, status: status))
        default: .failed(WebhookFailure(.status, status: status))
        }
    }
}
