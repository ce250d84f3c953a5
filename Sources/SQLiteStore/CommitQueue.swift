import SessionStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the writer has yet to commit, and the requests waiting for it: the group commit's meeting point.
///
/// Request threads add changes and wait; the writer takes everything queued at once, commits it in one
/// transaction and wakes the waiters, so throughput pays one commit per batch rather than one per event.
final class CommitQueue: @unchecked Sendable {
    // @unchecked: every stored property but the pointers is touched only between lock and unlock of `mutex`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when there is work (or a stop); the writer waits on it.
    private let work = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Broadcast when a batch is done, one condition per parity of the batch's number: a request waits on its
    /// own batch's, so a commit wakes only the requests it answers, not those queued for the next batch (with
    /// many request threads, most of them).
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 2)
    /// How many batches of changes the writer has taken: the next one taken is number `batchesTaken + 1`.
    private var batchesTaken: UInt64 = 0
    private var pending: [Pending] = []
    private var touches: [String: Int64] = [:]
    private var stopping = false

    /// A write and, when somebody waits for it, where its outcome goes.
    struct Pending {
        let write: StoreWrite
        let ticket: Ticket?
    }

    /// A waiting request's outcome, set by `finish`.
    final class Ticket {
        var isDone = false
        var error: StoreError?
    }

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(work, nil)
        pthread_cond_init(done, nil)
        pthread_cond_init(done + 1, nil)
    }

    deinit {
        pthread_cond_destroy(done + 1)
        pthread_cond_destroy(done)
        pthread_cond_destroy(work)
        pthread_mutex_destroy(mutex)
        done.deallocate()
        work.deallocate()
        mutex.deallocate()
    }

    /// Queues `write` and waits until the writer committed it, or failed to.
    func commit(_ write: StoreWrite) throws(StoreError) {
        let ticket = Ticket()
        pthread_mutex_lock(mutex)
        guard !stopping else {
            pthread_mutex_unlock(mutex)
            throw StoreError(.unavailable, "the store is closing")
        }
        pending.append(Pending(write: write, ticket: ticket))
        // The writer takes everything queued at once: this change goes with the next batch taken.
        let batchDone = done + Int((batchesTaken + 1) & 1)
        pthread_cond_signal(work)
        while !ticket.isDone { pthread_cond_wait(batchDone, mutex) }
        pthread_mutex_unlock(mutex)
        if let error = ticket.error { throw error }
    }

    /// Queues `change` without waiting.
    func submit(_ change: StoreChange) {
        pthread_mutex_lock(mutex)
        if !stopping {
            pending.append(Pending(write: .change(change), ticket: nil))
            pthread_cond_signal(work)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Notes a session's last access, kept until the writer's next batch (the latest per session).
    func touch(_ id: String, at milliseconds: Int64) {
        pthread_mutex_lock(mutex)
        if touches[id].map({ $0 < milliseconds }) ?? true { touches[id] = milliseconds }
        pthread_mutex_unlock(mutex)
    }

    /// The writer's next batch: every queued change and touch, once there is a change, or touches after
    /// `idleSeconds` without one. Nil once the queue is stopped and empty.
    func take(idleSeconds: Int) -> (changes: [Pending], touches: [String: Int64])? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if pending.isEmpty && !stopping {
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            deadline.tv_sec += idleSeconds
            while pending.isEmpty && !stopping {
                if pthread_cond_timedwait(work, mutex, &deadline) == ETIMEDOUT { break }
            }
        }
        if stopping && pending.isEmpty && touches.isEmpty { return nil }
        let batch = (pending, touches)
        if !pending.isEmpty { batchesTaken += 1 }
        pending = []
        touches = [:]
        return batch
    }

    /// Hands each waiting request its outcome: `errors[i]` for `batch[i]`, the batch `take` gave last.
    func finish(_ batch: [Pending], errors: [StoreError?]) {
        pthread_mutex_lock(mutex)
        for (item, error) in zip(batch, errors) {
            item.ticket?.error = error
            item.ticket?.isDone = true
        }
        pthread_cond_broadcast(done + Int(batchesTaken & 1))
        pthread_mutex_unlock(mutex)
    }

    /// Refuses new changes; the writer drains what is queued and then sees nil.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_signal(work)
        pthread_mutex_unlock(mutex)
    }
}
