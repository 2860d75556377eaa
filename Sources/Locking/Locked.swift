#if canImport(Glibc)
import Glibc
#endif

/// A value guarded by a pthread mutex: the lock of every module of this package.
///
/// It stands in for `Synchronization.Mutex` because ThreadSanitizer on Linux does not see
/// `Mutex`'s futex-based lock and reports every access under `withLock` as a race, while it
/// intercepts `pthread_mutex_lock`: with this lock the sanitized test run reports only real
/// races, without suppressions. Uncontended, a pthread mutex costs about what `Mutex` does.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
