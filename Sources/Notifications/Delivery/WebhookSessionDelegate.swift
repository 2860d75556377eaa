import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// The URLSession delegate of ``URLSessionWebhookTransport``: refuses redirects, drops
/// response bodies and resumes each attempt's continuation with its outcome.
///
/// `@unchecked Sendable`: URLSession calls it on its delegate queue while `send` registers
/// attempts from tasks; every mutable field lives in the `Locked` below.
final class WebhookSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Attempt {
        var continuation: CheckedContinuation<WebhookDeliveryOutcome, Never>?
        var timedOut = false
        var onFinish: (@Sendable () -> Void)?
    }

    private let attempts = Locked<[Int: Attempt]>([:])

    func register(_ id: Int, _ continuation: CheckedContinuation<WebhookDeliveryOutcome, Never>) {
        attempts.withLock { $0[id] = Attempt(continuation: continuation) }
    }

    /// Adds work to do once the attempt ends (or at once if it already has).
    func onFinish(_ id: Int, _ action: @escaping @Sendable () -> Void) {
        let runNow = attempts.withLock { attempts -> Bool in
            guard attempts[id] != nil else { return true }
            attempts[id]?.onFinish = action
            return false
        }
        if runNow { action() }
    }

    /// Marks the attempt as past its deadline; false when it already ended.
    func markTimedOut(_ id: Int) -> Bool {
        attempts.withLock { attempts in
            guard attempts[id] != nil else { return false }
            attempts[id]?.timedOut = true
            return true
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // nil: do not follow; the task completes with the 3xx response itself.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // The body is not needed: only the status decides the outcome, and logs never carry it.
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let status = (task.response as? HTTPURLResponse)?.statusCode
        let attempt = attempts.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        guard let attempt else { return }
        attempt.onFinish?()
        attempt.continuation?.resume(returning: Self.outcome(status: status, error: error, timedOut: attempt.timedOut))
    }

    static func outcome(status: Int?, error: Error?, timedOut: Bool) -> WebhookDeliveryOutcome {
        if timedOut { return .failed(WebhookFailure(.timeout)) }
        guard let error else {
            guard let status else { return .failed(WebhookFailure(.connection, detail: "no HTTP response")) }
            return .forStatus(status)
        }
        guard let urlError = error as? URLError else {
            return .failed(WebhookFailure(.connection, detail: "error"))
        }
        switch urlError.code {
        case .timedOut: return .failed(WebhookFailure(.timeout))
        case .cancelled: return .failed(WebhookFailure(.cancelled))
        case .cannotConnectToHost: return .failed(WebhookFailure(.connection, detail: "refused"))
        case .cannotFindHost, .dnsLookupFailed: return .failed(WebhookFailure(.connection, detail: "host not found"))
        case .networkConnectionLost: return .failed(WebhookFailure(.connection, detail: "connection lost"))
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .failed(WebhookFailure(.connection, detail: "TLS"))
        default: return .failed(WebhookFailure(.connection, detail: "URL error \(urlError.code.rawValue)"))
        }
    }
}
