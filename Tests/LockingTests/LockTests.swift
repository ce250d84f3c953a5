import Dispatch
import Locking
import TestSupport
import Testing

@Suite("Lock: one writer at a time, released on every exit")
struct LockTests {
    @Test("4 threads × 10,000 increments under the lock give exactly 40,000")
    func exclusiveAcrossThreads() {
        let counter = Lock(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 {
                counter.withLock { $0 += 1 }
            }
        }
        #expect(counter.withLock { $0 } == 40_000)
    }

    @Test("a throwing body leaves the value as the body left it and the lock free")
    func throwingBodyReleases() {
        struct Refused: Error, Equatable {}
        let list = Lock([1])
        #expect(throws: Refused.self) {
            try list.withLock { (value: inout [Int]) throws(Refused) in
                value.append(2)
                throw Refused()
            }
        }
        // Would deadlock if the throw had kept the mutex.
        #expect(list.withLock { $0 } == [1, 2])
    }

    @Test("withLockIfAvailable runs at once when the lock is free and returns nil without waiting while another thread holds it")
    func ifAvailable() {
        let value = Lock(1)
        #expect(
            value.withLockIfAvailable { value -> Int in
                value += 1
                return value
            } == 2)

        whileHeldOnAnotherThread({ whileHeld in value.withLock { _ in whileHeld() } }) {
            #expect(value.withLockIfAvailable { $0 } == nil)
        }
        #expect(value.withLockIfAvailable { $0 } == 2)
    }

    @Test("a non-copyable result moves out of the lock")
    func nonCopyableResult() {
        struct Token: ~Copyable { let id: Int }
        let next = Lock(7)
        let token = next.withLock { value -> Token in
            defer { value += 1 }
            return Token(id: value)
        }
        #expect(token.id == 7)
        #expect(next.withLock { $0 } == 8)
    }
}
