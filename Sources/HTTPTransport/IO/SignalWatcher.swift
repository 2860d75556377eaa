#if canImport(Glibc)
import Glibc
#endif

/// Turns process signals (SIGTERM, SIGINT by default) into a callback, typically one that
/// calls `HTTPServer.shutdown()`. While any watcher exists for a signal, the signal's
/// default action (terminating the process) is replaced, so the first one starts a
/// graceful shutdown instead of killing the process.
public final class SignalWatcher: Sendable {
    private let id: UInt64

    /// Starts watching `signals`; `handler` runs on a dedicated thread once per delivery.
    public init(signals: [Int32] = [SIGTERM, SIGINT], handler: @escaping @Sendable (Int32) -> Void) {
        id = SignalRelay.add(signals: signals, handler: handler)
    }

    /// A watcher that shuts `server` down on the first signal.
    public static func shuttingDown(_ server: HTTPServer, on signals: [Int32] = [SIGTERM, SIGINT]) -> SignalWatcher {
        SignalWatcher(signals: signals) { _ in
            Task { await server.shutdown() }
        }
    }

    /// Stops calling the handler; the signals stay caught (and are then ignored).
    public func cancel() {
        SignalRelay.remove(id)
    }

    deinit {
        SignalRelay.remove(id)
    }
}
