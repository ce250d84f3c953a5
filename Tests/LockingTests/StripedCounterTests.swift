import Dispatch
import Locking
import Testing

@Suite("StripedCounter: per-thread stripes, exact sums")
struct StripedCounterTests {
    @Test("8 threads each adding 10,000 and taking back 2,500 sum to exactly 60,000")
    func exactAcrossThreads() {
        let counter = StripedCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.add(1) }
            for _ in 0..<2_500 { counter.add(-1) }
        }
        #expect(counter.total == 60_000)
    }

    @Test("a value added on one thread and taken back on another leaves zero")
    func crossThreadBalance() {
        let counter = StripedCounter()
        let added = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            counter.add(5)
            added.signal()
        }
        added.wait()
        counter.add(-5)
        #expect(counter.total == 0)
    }

    @Test("a thread's stripe is stable and in range for every width")
    func stripeIndex() {
        for bits in 1...6 {
            let index = ThreadStripe.index(bits: bits)
            #expect((0..<(1 << bits)).contains(index))
            #expect(ThreadStripe.index(bits: bits) == index)
        }
    }
}
