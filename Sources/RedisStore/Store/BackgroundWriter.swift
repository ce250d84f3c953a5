import Foundation
import SessionStorage

/// What the store writes without anybody waiting: deletions handed over by `submit`, and last accesses by
/// `touch`, kept per session until the thread's next pass (the latest of each), so a burst of touches costs
/// one round trip.
final class BackgroundWriter: @unchecked Sendable {
    // @unchecked: `changes`, `touches` and `stopping` are touched only while `condition` is locked.
    private let condition = NSCondition()
    private var changes: [StoreChange] = []
    private var touches: [String: Int64] = [:]
    private var stopping = false
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts the thread, which hands each pass to `write`. It holds the writer until `stop()`.
    init(write: @escaping @Sendable (_ changes: [StoreChange], _ touches: [String: Int64]) -> Void) {
        let thread = Thread { [self] in
            while let (changes, touches) = take() { write(changes, touches) }
            stopped.signal()
        }
        thread.name = "ribsd-redis-writer"
        thread.start()
    }

    func submit(_ change: StoreChange) {
        condition.lock()
        if !stopping {
            changes.append(change)
            condition.signal()
        }
        condition.unlock()
    }

    func touch(_ id: String, at milliseconds: Int64) {
        condition.lock()
        if !stopping, touches[id].map({ $0 < milliseconds }) ?? true {
            touches[id] = milliseconds
            condition.signal()
        }
        condition.unlock()
    }

    /// Refuses new work, lets the thread write what is queued, and waits for it to end.
    func stop() {
        condition.lock()
        let first = !stopping
        stopping = true
        condition.signal()
        condition.unlock()
        if first { stopped.wait() }
    }

    /// The next pass: everything queued, once there is something. Nil once stopped and empty.
    private func take() -> ([StoreChange], [String: Int64])? {
        condition.lock()
        defer { condition.unlock() }
        while changes.isEmpty && touches.isEmpty && !stopping { condition.wait() }
        if changes.isEmpty && touches.isEmpty { return nil }
        defer {
            changes = []
            touches = [:]
        }
        return (changes, touches)
    }
}
