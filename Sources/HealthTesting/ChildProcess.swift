import Dispatch
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A child process watched without blocking Swift's cooperative pool: each piped stream is
/// drained by a thread of its own, the exit arrives through `Process.terminationHandler`,
/// and callers await either through a continuation. (Waiting with `waitUntilExit()` or
/// reading a pipe on a pool thread holds one of the pool's few threads — two on a
/// two-core machine — and starves the in-process servers other tests run.)
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

    /// The launched process (for its identifier); it is only read and signalled here.
    public let process: Process
    private let state: Locked<State>

    /// Starts `executable` with `arguments`. Standard output is always piped and collected;
    /// standard error goes to `standardError` when given, else it is piped and collected too.
    public init(executable: String, arguments: [String], environment: [String: String]? = nil,
                currentDirectory: String? = nil, standardError: FileHandle? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = Pipe()
        let errors = standardError == nil ? Pipe() : nil
        process.standardOutput = output
        process.standardError = errors ?? standardError
        let state = Locked(State(outputOpen: true, errorsOpen: errors != nil))
        self.process = process
        self.state = state
        process.terminationHandler = { ended in
            let status = ended.terminationStatus
            ChildProcess.update(state) { $0.status = status }
        }
        try process.run()
        ChildProcess.drain(output.fileHandleForReading, into: state, errors: false)
        if let errors { ChildProcess.drain(errors.fileHandleForReading, into: state, errors: true) }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs a program to its end and returns its status and both streams.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> Result {
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
        let status = await child.waitForExit()
        return Result(status: status, output: child.output, errors: child.errors)
    }

    /// The child's process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Standard output so far.
    public var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

    /// Standard error so far (empty when it went to a file).
    public var errors: String { state.withLock { String(decoding: $0.errors, as: UTF8.self) } }

    /// The exit status, once the child has exited and its streams are read to the end.
    public var exitStatus: Int32? { state.withLock { $0.finished ? $0.status : nil } }

    /// Sends `signal` unless the child has already exited.
    public func signal(_ signal: Int32) {
        let exited = state.withLock { $0.status != nil }
        if !exited { kill(process.processIdentifier, signal) }
    }

    /// Waits until standard output satisfies `condition`, or ends, or `timeout` seconds pass;
    /// returns whether `condition` holds for what was read.
    public func waitForOutput(timeout: Double, until condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        _ = await wait(timeout: timeout) { !$0.outputOpen || condition(String(decoding: $0.output, as: UTF8.self)) }
        return condition(output)
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

    /// Reads `handle` to its end on a thread of its own (blocking reads belong off the pool).
    private static func drain(_ handle: FileHandle, into state: Locked<State>, errors: Bool) {
        let fd = handle.fileDescriptor
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                let bytes = chunk[0..<n]
                update(state) { if errors { $0.errors += bytes } else { $0.output += bytes } }
            }
            update(state) { if errors { $0.errorsOpen = false } else { $0.outputOpen = false } }
            // The handle lives until here: closing it earlier would close the descriptor being read.
            withExtendedLifetime(handle) {}
        }
        thread.start()
    }
}
