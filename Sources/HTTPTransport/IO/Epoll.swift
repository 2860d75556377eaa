import CLinux

/// Helpers for the epoll calls. Glibc's Swift module map does not include
/// `<sys/epoll.h>` or `<sys/eventfd.h>`, so the functions and constants come from the
/// CLinux system-library target: epoll_create1(2), epoll_ctl(2), epoll_wait(2), eventfd(2).
enum Epoll {
    // Values from <sys/epoll.h> and <sys/eventfd.h>. The EPOLL_EVENTS constants import as
    // a C enum (hence `rawValue`), the flag enums as `Int`, EPOLL_CTL_* as `Int32` macros.
    static let inEvent: UInt32 = EPOLLIN.rawValue
    static let outEvent: UInt32 = EPOLLOUT.rawValue
    static let errorEvent: UInt32 = EPOLLERR.rawValue
    static let hangUpEvent: UInt32 = EPOLLHUP.rawValue
    static let readHangUpEvent: UInt32 = EPOLLRDHUP.rawValue
    static let edgeTriggered: UInt32 = EPOLLET.rawValue
    static let controlAdd: Int32 = EPOLL_CTL_ADD
    static let controlDelete: Int32 = EPOLL_CTL_DEL
    /// `EPOLL_CLOEXEC`, equal to `EFD_CLOEXEC` (both are `O_CLOEXEC`).
    static let closeOnExec: Int32 = Int32(EPOLL_CLOEXEC)
    static let nonBlocking: Int32 = Int32(EFD_NONBLOCK)

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
            return epoll_ctl(epoll, controlAdd, fd, raw.baseAddress!.bindMemory(to: epoll_event.self, capacity: 1))
        }
    }
}
