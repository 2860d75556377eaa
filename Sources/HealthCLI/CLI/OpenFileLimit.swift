#if canImport(Glibc)
import Glibc
#endif

/// Raises the process's open-file limit for `healthd serve`: every connection is a
/// descriptor, and the default soft limit (often 1,024) is below what the default
/// `--max-connections` plus the database, listener and reactor need.
enum OpenFileLimit {
    /// Descriptors the server holds besides connections: listener, epoll, eventfd,
    /// signalfd, SQLite's database, WAL and shm files per connection, spooled uploads.
    static let reserve = 64

    /// Raises the soft limit as far as the hard limit allows towards what `maxConnections`
    /// needs; returns a warning to print when that is not enough, else nil.
    static func raise(forConnections maxConnections: Int) -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let needed = rlim_t(maxConnections + reserve)
        if limit.rlim_cur < needed {
            let target = min(needed, limit.rlim_max)  // RLIM_INFINITY is the largest value, so min covers it
            var raised = limit
            raised.rlim_cur = target
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur < needed else { return nil }
        return "healthd serve: the open-file limit is \(limit.rlim_cur) (hard limit \(limit.rlim_max)), below the \(needed) that --max-connections \(maxConnections) needs; connections beyond about \(Int(limit.rlim_cur) - reserve) will be refused (raise the hard limit, e.g. LimitNOFILE= in a systemd unit)"
    }
}
