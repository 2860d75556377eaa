#if canImport(Glibc)
import Glibc
#endif
import Locking

/// An HTTP/1.1 server on POSIX sockets.
///
/// Sockets are non-blocking; a dedicated reactor thread (epoll) wakes the task of each
/// connection when its descriptor is ready, so no task ever blocks the cooperative pool.
/// Each connection is served by its own task, so a slow client or a slow handler only
/// delays itself.
public final class HTTPServer: Sendable {
    private enum Phase {
        case created
        case starting
        case started
        case running
        case stopping
        case stopped
    }

    private struct State {
        var phase = Phase.created
        var context: ServerContext?
        var listener: Int32 = -1
        var listenerToken: Reactor.Token?
        var acceptLoopDone = false
        var acceptLoopWaiters: [CheckedContinuation<Void, Never>] = []
        var finishedWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let state = Locked(State())

    /// Creates a server; nothing is bound until `start()`.
    public init(configuration: HTTPServerConfiguration, handler: some HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// Binds and listens; returns the bound port (useful with port 0).
    /// - Throws: `HTTPServerError` naming the failed call and its errno (e.g. `bind`, `EADDRINUSE`).
    public func start() throws -> Int {
        // A peer that closes early must cost an EPIPE, not the process (sends also use MSG_NOSIGNAL).
        signal(SIGPIPE, SIG_IGN)
        try state.withLock { s throws(HTTPServerError) in
            guard s.phase == .created else { throw .invalidState("start() may only be called once") }
            s.phase = .starting
        }
        do {
            let (fd, port) = try Socket.makeListener(host: configuration.host, port: configuration.port, backlog: 1024)
            let reactor: Reactor
            let token: Reactor.Token
            do {
                reactor = try Reactor()
            } catch {
                Socket.close(fd)
                throw error
            }
            do {
                token = try reactor.register(fd)
            } catch {
                reactor.stop()
                Socket.close(fd)
                throw error
            }
            let context = ServerContext(configuration: configuration, handler: handler, reactor: reactor)
            let stillStarting = state.withLock { s in
                guard s.phase == .starting else { return false }
                s.context = context
                s.listener = fd
                s.listenerToken = token
                s.phase = .started
                return true
            }
            guard stillStarting else {
                // shutdown() ran while binding: undo, and leave the server stopped.
                reactor.deregister(token)
                Socket.close(fd)
                reactor.stop()
                throw HTTPServerError.invalidState("shutdown() was called during start()")
            }
            return port
        } catch let error as HTTPServerError {
            state.withLock { s in
                if s.phase == .starting { s.phase = .created }
            }
            throw error
        }
    }

    /// Accepts and serves connections until `shutdown()` has finished.
    public func run() async {
        let setup: (ServerContext, Int32, Reactor.Token)? = state.withLock { s in
            guard s.phase == .started, let context = s.context, let token = s.listenerToken else { return nil }
            s.phase = .running
            return (context, s.listener, token)
        }
        if let (context, listener, token) = setup {
            await acceptLoop(context: context, listener: listener, token: token)
            context.reactor.deregister(token)
            Socket.close(listener)
            let waiters = state.withLock { s in
                s.acceptLoopDone = true
                s.listener = -1
                let waiters = s.acceptLoopWaiters
                s.acceptLoopWaiters = []
                return waiters
            }
            for waiter in waiters { waiter.resume() }
        }
        await waitUntilFinished()
    }

    /// Stops accepting, lets in-flight requests finish within the shutdown deadline, closes everything.
    ///
    /// Idle keep-alive connections are closed at once; requests being served complete and
    /// their responses carry `Connection: close`. Whatever is still open when
    /// `shutdownDeadlineSeconds` has passed is cut.
    public func shutdown() async {
        enum Action {
            case nothing
            case waitForOtherShutdown
            case closeListener(ServerContext, Int32, Reactor.Token)
            case stopAcceptLoop(ServerContext, Reactor.Token)
        }
        let action: Action = state.withLock { s in
            switch s.phase {
            case .created, .starting:
                s.phase = .stopped
                return .nothing
            case .started:
                s.phase = .stopping
                guard let context = s.context, let token = s.listenerToken else { return .nothing }
                let listener = s.listener
                s.listener = -1
                return .closeListener(context, listener, token)
            case .running:
                s.phase = .stopping
                guard let context = s.context, let token = s.listenerToken else { return .nothing }
                return .stopAcceptLoop(context, token)
            case .stopping, .stopped:
                return .waitForOtherShutdown
            }
        }
        let context: ServerContext
        switch action {
        case .nothing:
            finish()
            return
        case .waitForOtherShutdown:
            await waitUntilFinished()
            return
        case let .closeListener(ctx, listener, token):
            context = ctx
            _ = context.registry.beginDraining()
            context.reactor.deregister(token)
            Socket.close(listener)
        case let .stopAcceptLoop(ctx, token):
            context = ctx
            for idle in context.registry.beginDraining() { context.reactor.interrupt(idle) }
            context.reactor.interrupt(token)
            await waitForAcceptLoop()
        }

        let deadline = Deadline.after(seconds: configuration.shutdownDeadlineSeconds)
        while context.registry.count > 0 && Deadline.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        if context.registry.count > 0 {
            for token in context.registry.forceCloseAll() { context.reactor.interrupt(token) }
            // Tasks whose handler is still running close their descriptor when it returns;
            // wait a little for them, but do not hang on a handler that never does.
            let grace = Deadline.after(seconds: 1)
            while context.registry.count > 0 && Deadline.now < grace {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        context.reactor.stop()
        await context.reactor.waitUntilStopped()
        finish()
    }

    /// The number of connections currently open (including ones being rejected).
    public var openConnectionCount: Int {
        state.withLock { $0.context }?.registry.count ?? 0
    }

    private func finish() {
        let waiters = state.withLock { s in
            s.phase = .stopped
            let waiters = s.finishedWaiters
            s.finishedWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func waitUntilFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { s in
                if s.phase == .stopped || s.phase == .created { return true }
                s.finishedWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func waitForAcceptLoop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { s in
                if s.acceptLoopDone { return true }
                s.acceptLoopWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func acceptLoop(context: ServerContext, listener: Int32, token: Reactor.Token) async {
        while true {
            switch Socket.accept(listener) {
            case let .accepted(fd, address):
                admit(fd: fd, address: address, context: context)
            case .wouldBlock:
                guard await context.reactor.wait(token, for: .read, until: nil) == .ready else { return }
            case .retry:
                continue
            case .exhausted, .failed:
                // EMFILE and friends leave the connection in the backlog, so the listener
                // stays readable: retrying at once would spin. Back off briefly instead.
                try? await Task.sleep(for: .milliseconds(100))
                if context.registry.isDraining { return }
            }
        }
    }

    private func admit(fd: Int32, address: String, context: ServerContext) {
        let acceptedAt = Deadline.now
        let token: Reactor.Token
        do {
            token = try context.reactor.register(fd)
        } catch {
            Socket.close(fd)
            return
        }
        switch context.registry.admit(fd: fd, token: token) {
        case .refused:
            context.reactor.deregister(token)
            Socket.close(fd)
        case let .accepted(id):
            Task {
                let connection = Connection(fd: fd, token: token, id: id, context: context,
                                            remoteAddress: address, acceptedAt: acceptedAt)
                await connection.run()
            }
        case let .overCapacity(id):
            Task {
                let connection = Connection(fd: fd, token: token, id: id, context: context,
                                            remoteAddress: address, acceptedAt: acceptedAt)
                await connection.reject()
            }
        }
    }
}
