import Locking
import SessionService

/// A clock the test moves by hand: time passing moves both of its readings; a wall clock set by hand only one.
final class ManualClock: ServiceClock {
    /// 2023-11-14T22:13:20.000Z.
    static let epoch: Int64 = 1_700_000_000_000

    private let readings: Lock<(wall: Int64, uptime: Int64)>

    init(milliseconds: Int64 = ManualClock.epoch) {
        readings = Lock((milliseconds, 0))
    }

    func nowMilliseconds() -> Int64 {
        readings.withLock { $0.wall }
    }

    func uptimeMilliseconds() -> Int64 {
        readings.withLock { $0.uptime }
    }

    func advance(milliseconds delta: Int64) {
        readings.withLock { readings in
            readings.wall += delta
            readings.uptime += delta
        }
    }

    func advance(seconds: Int64) {
        advance(milliseconds: seconds * 1000)
    }

    /// The wall clock set forward (or, negative, back) by `seconds`, as an operator or NTP might; no time passes.
    func stepWallClock(seconds: Int64) {
        readings.withLock { $0.wall += seconds * 1000 }
    }
}

/// Predictable session ids: `session` and a zero-padded counter, 24 URL-safe characters.
final class CounterIDs: SessionIDSource {
    private let counter = Lock(0)

    func nextID() -> String {
        Self.id(
            counter.withLock { value in
                value += 1
                return value
            })
    }

    /// The id handed out `number`th (from 1).
    static func id(_ number: Int) -> String {
        let digits = String(number)
        return "session" + String(repeating: "0", count: 17 - digits.count) + digits
    }
}
