import Foundation
import SessionService
import Testing

@Suite("SystemClock: wall time for what clients read, uptime for idle times")
struct SystemClockTests {
    @Test("its wall time is Foundation's, in milliseconds; its uptime never goes back and follows time slept")
    func readings() throws {
        let clock = SystemClock()
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let wall = clock.nowMilliseconds()
        let after = Int64(Date().timeIntervalSince1970 * 1000)
        #expect((before - 1...after + 1).contains(wall))

        let start = clock.uptimeMilliseconds()
        var last = start
        var wentBack = false
        for _ in 0..<10_000 {
            let reading = clock.uptimeMilliseconds()
            wentBack = wentBack || reading < last
            last = reading
        }
        #expect(!wentBack)
        Thread.sleep(forTimeInterval: 0.05)
        let slept = clock.uptimeMilliseconds() - start
        // At least the 50 ms slept; the upper bound only catches a clock in the wrong unit (a loaded machine
        // may oversleep, but not by a factor of a hundred).
        #expect((50..<5000).contains(slept), "uptime moved \(slept) ms over a 50 ms sleep")
    }
}
