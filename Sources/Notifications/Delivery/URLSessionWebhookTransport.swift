import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// Delivers webhooks with Foundation's URLSession: a POST with the request's headers and
/// body to an `http` or `https` URL, an overall timeout, and no redirects followed.
///
/// Tasks are delegate-driven rather than completion-handler tasks because only then does
/// swift-corelibs-foundation ask the delegate before following a redirect; the delegate
/// refuses every redirect, so a 3xx ends the attempt as a ``WebhookFailure/Kind/redirect``
/// failure and a receiver cannot bounce signed deliveries elsewhere. The response body is
/// read and dropped, never kept or logged.
public final class URLSessionWebhookTransport: WebhookTransport {
    /// Seconds an attempt may take from start to the end of the response.
    public let timeout: Double
    private let session: URLSession
    private let delegate: WebhookSessionDelegate

    /// A transport whose attempts end after `timeout` seconds (10 by default).
    public init(timeout: Double = 10, userAgent: String = "healthd") {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // swift-corelibs-foundation truncates these to whole seconds (0.5 becomes "time out
        // at once"), so the session gets a whole second more than the attempt's own deadline
        // in `send`, which therefore always decides.
        let sessionTimeout = timeout.rounded(.up) + 1
        configuration.timeoutIntervalForRequest = sessionTimeout
        configuration.timeoutIntervalForResource = sessionTimeout
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "webhook-transport"
        delegate = WebhookSessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: WebhookRequest) async -> WebhookDeliveryOutcome {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: timeout.rounded(.up) + 1)
        urlRequest.httpMethod = "POST"
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = Data(request.body)
        let task = session.dataTask(with: urlRequest)
        let handle = TaskHandle(task)
        let delegate = delegate
        let timeout = timeout
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<WebhookDeliveryOutcome, Never>) in
                delegate.register(task.taskIdentifier, continuation)
                // The session's own timeouts are whole seconds and per read; this deadline
                // bounds the whole attempt, a receiver trickling bytes included.
                let deadline = Task {
                    try? await Task.sleep(for: .seconds(timeout))
                    guard !Task.isCancelled else { return }
                    if delegate.markTimedOut(handle.task.taskIdentifier) { handle.task.cancel() }
                }
                delegate.onFinish(task.taskIdentifier) { deadline.cancel() }
                task.resume()
            }
        } onCancel: {
            handle.task.cancel()
        }
    }
}

/// Carries a URLSessionTask into the cancellation handler and the deadline task.
/// `@unchecked Sendable`: URLSessionTask's `cancel()` and `taskIdentifier` are thread-safe,
/// and the wrapper holds nothing else.
final class TaskHandle: @unchecked Sendable {
    let task: URLSessionTask
    init(_ task: URLSessionTask) { self.task = task }
}
