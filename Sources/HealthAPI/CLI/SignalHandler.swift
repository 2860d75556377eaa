#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Delivers SIGTERM/SIGINT to a closure on a dispatch queue instead of the default
/// action (terminate at once), so the server can drain in-flight requests.
final class SignalHandler: Sendable {
    // DispatchSourceSignal is not marked Sendable; the sources are created once here,
    // only resumed and cancelled afterwards, which libdispatch makes thread-safe.
    private struct Sources: @unchecked Sendable { let all: [DispatchSourceSignal] }
    private let sources: Sources

    init(signals: [Int32], action: @escaping @Sendable (Int32) -> Void) {
        var created: [DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { action(number) }
            source.resume()
            created.append(source)
        }
        sources = Sources(all: created)
    }

    func cancel() {
        for source in sources.all { source.cancel() }
    }
}
