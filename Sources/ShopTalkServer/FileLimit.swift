import Glibc

/// The process's limit on open files, which bounds how many connections it
/// can hold: with a soft limit of 256 and `--max-connections 1024`, members
/// past the 200th could not connect. The server raises the soft limit at
/// start as far as the hard limit allows, and says so when that is not enough.
enum FileLimit {
    /// Descriptors the server holds beside its connections: the database and
    /// its log, the listener, epoll, eventfd, the bots' sockets, a spare.
    static let reserve = 64

    /// The soft limit now.
    static var current: Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return -1 }
        return limit.rlim_cur == Self.unlimited ? Int.max : Int(limit.rlim_cur)
    }

    /// Raises the soft limit to hold `connections` and the ``reserve``, up to
    /// the hard limit; what it was and what it is now.
    static func raise(toHold connections: Int) -> (before: Int, after: Int) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return (-1, -1) }
        let before = limit.rlim_cur == Self.unlimited ? Int.max : Int(limit.rlim_cur)
        let wanted = rlim_t(connections + reserve)
        guard limit.rlim_cur != Self.unlimited, limit.rlim_cur < wanted else { return (before, before) }
        limit.rlim_cur = limit.rlim_max == Self.unlimited ? wanted : min(wanted, limit.rlim_max)
        guard setrlimit(resource, &limit) == 0 else { return (before, before) }
        return (before, current)
    }

    /// RLIM_INFINITY, which Swift cannot import (a cast of -1).
    private static let unlimited = rlim_t.max

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
