import Dispatch
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A child process watched without blocking Swift's cooperative pool: each piped stream is
/// drained by a thread of its own, a third thread waits for the exit (`waitpid`), and
/// callers await either through a continuation. (Waiting or reading a pipe on a pool
/// thread holds one of the pool's few threads — two on a two-core machine — and starves
/// the in-process servers other tests run.)
///
/// The child is started with `posix_spawn`, not Foundation's `Process`: on Linux,
/// `Process.run()` lists `/proc/self/fd` copying each entry's whole 256-byte name field,
/// which reads past short records and crashes the test process now and then when many
/// descriptors are open (swift-corelibs-foundation #5472; the toolchain in use has it).
public final class ChildProcess: Sendable {
    /// What the program printed and whether it has exited.
    public struct Result: Sendable {
        /// The exit status (the signal's number when a signal ended it).
        public var status: Int32
        /// Standard output, whole.
        public var output: String
        /// Standard error, whole.
        public var errors: String
    }

    /// Everything the watchers learn, under one lock.
    struct State {
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var outputOpen: Bool
        var errorsOpen: Bool
        var status: Int32?
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0

        /// Exited, and both streams read to their end.
        var finished: Bool { status != nil && !outputOpen && !errorsOpen }
    }

    /// A caller suspended until `condition` holds (true) or its timeout passes (false).
    struct Waiter {
        var condition: (State) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    /// Why a child could not be started.
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The child's process identifier.
    public let processIdentifier: Int32
    private let state: Locked<State>

    /// Starts `executable` with `arguments`, in `environment` (else this process's) and
    /// `currentDirectory`. Standard input is this process's; standard output is always
    /// piped and collected; standard error goes to `standardError` when given, else it is
    /// piped and collected too. No other descriptor of this process reaches the child.
    public init(executable: String, arguments: [String], environment: [String: String]? = nil,
                currentDirectory: String? = nil, standardError: FileHandle? = nil) throws {
        let output = try Self.pipe()
        let errors = standardError == nil ? try Self.pipe() : nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors?.write ?? standardError!.fileDescriptor, 2)
        // Glibc's module leaves out these two GNU extensions (glibc 2.29 and 2.34); they are looked up.
        if let currentDirectory {
            guard let chdir = Self.addChdir else { throw LaunchError(description: "posix_spawn_file_actions_addchdir_np is missing") }
            _ = chdir(&actions, currentDirectory)
        }
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + env).forEach { free($0) } }
        // The child starts as from a shell: no signal blocked (a server here blocks the ones
        // its signalfd reads), none ignored (SIGPIPE is, in this process).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        for signal: Int32 in 1..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&signals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, env)
        close(output.write)
        if let errors { close(errors.write) }
        guard spawned == 0 else {
            close(output.read)
            if let errors { close(errors.read) }
            throw LaunchError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        let state = Locked(State(outputOpen: true, errorsOpen: errors != nil))
        let child = pid
        self.processIdentifier = child
        self.state = state
        ChildProcess.drain(output.read, into: state, errors: false)
        if let errors { ChildProcess.drain(errors.read, into: state, errors: true) }
        let waiter = Thread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            // The exit code, or the number of the signal that ended it (as Process reported).
            let code = status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
            ChildProcess.update(state) { $0.status = code }
        }
        waiter.start()
    }

    deinit {
        if state.withLock({ $0.status == nil }) { kill(processIdentifier, SIGKILL) }
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// A pipe whose ends close on exec (the child gets only the end dup'ed onto 1 or 2;
    /// the close-from action covers a child spawned by another thread in between).
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw LaunchError(description: "pipe failed (errno \(errno))") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// Runs a program to its end and returns its status and both streams.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> Result {
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
        let status = await child.waitForExit()
        return Result(status: status, output: child.output, errors: child.errors)
    }

    /// Standard output so far.
    public var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

    /// Standard error so far (empty when it went to a file).
    public var errors: String { state.withLock { String(decoding: $0.errors, as: UTF8.self) } }

    /// The exit status, once the child has exited and its streams are read to the end.
    public var exitStatus: Int32? { state.withLock { $0.finished ? $0.status : nil } }

    /// Sends `signal` unless the child has already exited.
    public func signal(_ signal: Int32) {
        let exited = state.withLock { $0.status != nil }
        if !exited { kill(processIdentifier, signal) }
    }

    /// Waits until standard output satisfies `condition`, or ends, or `timeout` seconds pass;
    /// returns whether `condition` holds for what was read.
    public func waitForOutput(timeout: Double, until condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        _ = await wait(timeout: timeout) { !$0.outputOpen || condition(String(decoding: $0.output, as: UTF8.self)) }
        return condition(output)
    }

    /// Waits until standard error satisfies `condition`, or ends, or `timeout` seconds pass;
    /// returns whether `condition` holds for what was read.
    public func waitForErrors(timeout: Double, until condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        _ = await wait(timeout: timeout) { !$0.errorsOpen || condition(String(decoding: $0.errors, as: UTF8.self)) }
        return condition(errors)
    }

    /// Waits for the exit (and the end of both streams) and returns the exit status; nil
    /// when `timeout` seconds pass first.
    @discardableResult
    public func waitForExit(timeout: Double) async -> Int32? {
        guard await wait(timeout: timeout, until: \.finished) else { return nil }
        return state.withLock { $0.status }
    }

    /// Waits, however long it takes, for the exit and returns the exit status.
    @discardableResult
    public func waitForExit() async -> Int32 {
        _ = await wait(timeout: nil, until: \.finished)
        return state.withLock { $0.status ?? -1 }
    }

    private func wait(timeout: Double?, until condition: @escaping (State) -> Bool) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: Int? = state.withLock { state in
                if condition(state) { return nil }
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                return id
            }
            guard let id else { return continuation.resume(returning: true) }
            if let timeout {
                let state = self.state
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                    state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
                }
            }
        }
    }

    /// Applies `change` and wakes every waiter whose condition now holds.
    private static func update(_ state: Locked<State>, _ change: (inout State) -> Void) {
        let ready: [Waiter] = state.withLock { state in
            change(&state)
            let ids = state.waiters.filter { $0.value.condition(state) }.map(\.key)
            return ids.compactMap { state.waiters.removeValue(forKey: $0) }
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Reads `fd` to its end on a thread of its own (blocking reads belong off the pool),
    /// then closes it.
    private static func drain(_ fd: Int32, into state: Locked<State>, errors: Bool) {
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                let bytes = chunk[0..<n]
                update(state) { if errors { $0.errors += bytes } else { $0.output += bytes } }
            }
            close(fd)
            update(state) { if errors { $0.errorsOpen = false } else { $0.outputOpen = false } }
        }
        thread.start()
    }
}
