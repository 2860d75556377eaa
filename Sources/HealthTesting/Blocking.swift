import Foundation

/// Runs blocking work — socket reads, `poll`, waiting on a child — on a new thread and
/// awaits it. Swift's cooperative pool has one thread per core; blocking one of them
/// starves every other test (and the in-process servers they talk to) on a small machine.
public func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}
