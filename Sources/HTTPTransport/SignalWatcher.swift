#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Turns process signals (SIGTERM, SIGINT by default) into a callback, typically one that
/// calls `HTTPServer.shutdown()`. The signals' default actions are disabled while it watches,
/// so the first one starts a graceful shutdown instead of killing the process.
public final class SignalWatcher: Sendable {
    private let sources: Mutex<[any DispatchSourceSignal]>

    /// Starts watching `signals`; `handler` runs on a Dispatch queue once per delivery.
    public init(signals: [Int32] = [SIGTERM, SIGINT], handler: @escaping @Sendable (Int32) -> Void) {
        var created: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            created.append(source)
        }
        sources = Mutex(created)
    }

    /// A watcher that shuts `server` down on the first signal.
    public static func shuttingDown(_ server: HTTPServer, on signals: [Int32] = [SIGTERM, SIGINT]) -> SignalWatcher {
        SignalWatcher(signals: signals) { _ in
            Task { await server.shutdown() }
        }
    }

    /// Stops watching; the signals keep being ignored.
    public func cancel() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            sources.removeAll()
        }
    }

    deinit {
        cancel()
    }
}
