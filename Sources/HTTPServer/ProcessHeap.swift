import CMicroHTTPD

/// The process's heap as glibc manages it. Freed memory stays with the process: `free` returns pages to the
/// system only from the top of the heap, and a server's long-lived objects are spread all over it. After many
/// sessions go at once (a sweep of expired ones, a client deleting its thousands), the resident size stays at
/// its peak until the heap is trimmed, which walks it and hands every free page back.
public enum ProcessHeap {
    /// Hands the heap's free pages back to the system; true if any were. It holds each arena's lock while it
    /// walks that arena (up to about 0.1 s per GiB it hands back), so it is for after large frees, not for every
    /// request.
    @discardableResult
    public static func returnFreePages() -> Bool {
        malloc_trim(0) == 1
    }
}
