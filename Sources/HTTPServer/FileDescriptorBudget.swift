import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// How many sockets the process's file descriptors leave room for. Each connection holds one until MHD closes
/// it (a departed client's too, until then), and the rest of the process needs some: the listener, MHD's epoll
/// and wake-up descriptors (a pair per worker thread), the log, and the runtime's own short reads (libdispatch
/// opens `/proc/<tid>/stat` every second and ends the process when it cannot). Out of descriptors, `accept`
/// fails and retries while connections queue unanswered, and that read crashes the server: connections must
/// stay within what the limit allows.
enum FileDescriptorBudget {
    /// Descriptors kept for everything but connections and MHD's threads, beyond those open at start.
    static let reserve = 64
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    /// `RLIM_INFINITY`, all bits set (Swift does not import the macro's `-1` into the unsigned type).
    private static let infinity = rlim_t.max
    /// The soft limit as this process last raised it (0: never). Servers started at once in one process (tests
    /// do) read and raise the limit under this lock, one at a time. (A lock around nothing, `Lock(())`, is what
    /// ThreadSanitizer cannot follow: it reported its empty value's accesses as a race.)
    private static let raisedTo = Lock<rlim_t>(0)

    /// Raises the soft `RLIMIT_NOFILE` as far as the hard one allows toward `wanted` connections and what the
    /// process needs beside them with `threads` MHD workers, as servers do at start (the usual soft limit, 1024,
    /// is below what 1024 connections need), and returns how many sockets the limit then leaves room for: at
    /// least `wanted` when it is high enough, else fewer (at least 1). Each server counts for itself.
    static func sockets(wanted: Int, threads: Int) -> Int {
        raisedTo.withLock { raisedTo in
            var limit = rlimit()
            guard getrlimit(resource, &limit) == 0 else { return wanted }
            let open = openDescriptors()
            let beside = open + reserve + 2 * threads
            let needed = rlim_t(wanted + beside)
            if limit.rlim_cur != infinity, limit.rlim_cur < needed {
                var raised = limit
                raised.rlim_cur = limit.rlim_max == infinity ? needed : min(needed, limit.rlim_max)
                if setrlimit(resource, &raised) == 0 {
                    limit = raised
                    raisedTo = raised.rlim_cur
                }
            }
            guard limit.rlim_cur != infinity else { return wanted }
            return max(1, Int(clamping: limit.rlim_cur) - beside)
        }
    }

    /// How many descriptors the process has open now (0 when `/proc` cannot tell).
    private static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        // The directory's own descriptor, counted while it was open.
        return max(0, count - 1)
    }
}
