import Dispatch
import Foundation

/// Runs `body` while another thread is inside `hold`: `hold` takes a lock (or any resource) and calls the
/// function it is given, which returns only after `body` has returned; then the other thread ends.
public func whileHeldOnAnotherThread<T>(
    _ hold: @escaping @Sendable (_ whileHeld: () -> Void) -> Void, _ body: () throws -> T
) rethrows -> T {
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        hold {
            held.signal()
            release.wait()
        }
        ended.signal()
    }
    held.wait()
    defer {
        release.signal()
        ended.wait()
    }
    return try body()
}
