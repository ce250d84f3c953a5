#if canImport(Glibc)
import Glibc
#endif

/// How many connections the process's file descriptors leave room for. Each connection holds one, and the rest
/// of the process needs some too: the listener, MHD's epoll and wake-up descriptors, the log, and the runtime's
/// own short reads (libdispatch opens `/proc/<tid>/stat` every second and ends the process when it cannot).
/// Out of descriptors, `accept` fails and retries while connections queue unanswered, and that read crashes the
/// server: the connection limit must stay within what the limit allows.
enum FileDescriptorBudget {
    /// Descriptors kept for everything but connections, beyond those open when the server starts.
    static let reserve = 64
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    /// `RLIM_INFINITY`, all bits set (Swift does not import the macro's `-1` into the unsigned type).
    private static let infinity = rlim_t.max

    /// Raises the soft `RLIMIT_NOFILE` as far as the hard one allows toward `wanted` connections and their
    /// reserve, as servers do at start (the soft default, 1024, is below what 1024 connections need), and
    /// returns how many connections the limit then leaves room for: `wanted`, or fewer (at least 1).
    static func connections(wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return wanted }
        let open = openDescriptors()
        let needed = rlim_t(wanted + open + reserve)
        if limit.rlim_cur != infinity, limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == infinity ? needed : min(needed, limit.rlim_max)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur != infinity, limit.rlim_cur < needed else { return wanted }
        return max(1, Int(limit.rlim_cur) - open - reserve)
    }

    /// How many descriptors the process has open now (0 when `/proc` cannot tell).
    private static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = entry.pointee.d_name.0
            if name != UInt8(ascii: ".") { count += 1 }
        }
        // The directory's own descriptor, counted while it was open.
        return max(0, count - 1)
    }
}
