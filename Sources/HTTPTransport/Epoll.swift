#if canImport(Glibc)
import Glibc
#endif

/// The epoll and eventfd calls. Glibc's Swift module map does not include
/// `<sys/epoll.h>` or `<sys/eventfd.h>`, and this module has no C shim target, so the
/// functions are resolved once with `dlsym` and called through pointers with their exact C
/// signatures (`@convention(c)`), which keeps the calling convention correct.
enum Epoll {
    typealias CreateFunction = @convention(c) (Int32) -> Int32
    typealias ControlFunction = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias WaitFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    typealias EventFDFunction = @convention(c) (UInt32, Int32) -> Int32

    /// The resolved entry points; a plain value type holding C function pointers.
    struct Functions: Sendable {
        let create: CreateFunction
        let control: ControlFunction
        let wait: WaitFunction
        let eventfd: EventFDFunction
    }

    static let functions: Functions = Functions(
        create: resolve("epoll_create1"),
        control: resolve("epoll_ctl"),
        wait: resolve("epoll_wait"),
        eventfd: resolve("eventfd")
    )

    private static func resolve<F>(_ name: String) -> F {
        // RTLD_DEFAULT is the null handle in glibc: search the global symbol scope.
        guard let symbol = dlsym(nil, name) else { fatalError("libc has no \(name)") }
        return unsafeBitCast(symbol, to: F.self)
    }

    // Values from <sys/epoll.h> and <sys/eventfd.h> (identical on every Linux architecture).
    static let inEvent: UInt32 = 0x001
    static let outEvent: UInt32 = 0x004
    static let errorEvent: UInt32 = 0x008
    static let hangUpEvent: UInt32 = 0x010
    static let readHangUpEvent: UInt32 = 0x2000
    static let edgeTriggered: UInt32 = 1 << 31
    static let controlAdd: Int32 = 1
    static let controlDelete: Int32 = 2
    static let closeOnExec: Int32 = 0o2_000_000
    static let nonBlocking: Int32 = 0o4_000

    /// `struct epoll_event` is `{ uint32_t events; epoll_data_t data; }`, packed on x86-64
    /// (12 bytes) and naturally aligned elsewhere (16 bytes).
    #if arch(x86_64)
    static let eventSize = 12
    static let dataOffset = 4
    #else
    static let eventSize = 16
    static let dataOffset = 8
    #endif

    /// Writes one event record at `index` of a raw event array.
    static func store(events: UInt32, data: UInt64, at index: Int, in buffer: UnsafeMutableRawPointer) {
        buffer.storeBytes(of: events, toByteOffset: index * eventSize, as: UInt32.self)
        // storeBytes accepts unaligned offsets (SE-0349); the packed layout needs that.
        buffer.storeBytes(of: data, toByteOffset: index * eventSize + dataOffset, as: UInt64.self)
    }

    static func events(at index: Int, in buffer: UnsafeRawPointer) -> UInt32 {
        buffer.loadUnaligned(fromByteOffset: index * eventSize, as: UInt32.self)
    }

    static func data(at index: Int, in buffer: UnsafeRawPointer) -> UInt64 {
        buffer.loadUnaligned(fromByteOffset: index * eventSize + dataOffset, as: UInt64.self)
    }

    /// `epoll_ctl(EPOLL_CTL_ADD)` with the given events and user data.
    static func add(epoll: Int32, fd: Int32, events: UInt32, data: UInt64) -> Int32 {
        withUnsafeTemporaryAllocation(byteCount: 16, alignment: 8) { raw in
            store(events: events, data: data, at: 0, in: raw.baseAddress!)
            return functions.control(epoll, controlAdd, fd, raw.baseAddress)
        }
    }
}
