#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which pool thread the current thread is, if any.
///
/// Kept in a pthread thread-specific slot rather than in the thread's name:
/// Foundation's thread names do not reliably reach `Thread.current.name` on
/// Linux. The pool uses it to refuse blocking calls that would wait for the
/// calling thread itself, and tests use it to check where jobs run.
final class WorkerIdentity: Sendable {
    /// The thread's name, e.g. `sqlite.write` or `sqlite.read.1`.
    let name: String
    /// The worker group the thread belongs to.
    let group: ObjectIdentifier

    init(name: String, group: ObjectIdentifier) {
        self.name = name
        self.group = group
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let code = pthread_key_create(&key, nil)
        precondition(code == 0, "pthread_key_create failed: \(code)")
        return key
    }()

    /// The identity of the calling thread, or nil outside pool threads.
    static var current: WorkerIdentity? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<WorkerIdentity>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Marks the calling thread for the duration of `body`.
    func mark<T>(_ body: () throws -> T) rethrows -> T {
        let retained = Unmanaged.passRetained(self)
        pthread_setspecific(Self.key, retained.toOpaque())
        defer {
            pthread_setspecific(Self.key, nil)
            retained.release()
        }
        return try body()
    }
}
