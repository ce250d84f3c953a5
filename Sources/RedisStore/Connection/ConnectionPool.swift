import Foundation

/// Up to `capacity` connections to one server, shared by the request threads: a call checks one out, uses it
/// alone, and gives it back. Connections are made when first needed and dropped when they break, so a server
/// that went away and came back is reached again by the next call, with no restart.
final class ConnectionPool: @unchecked Sendable {
    // @unchecked: `idle`, `open`, `closed` and `finishedRoundTrips` are touched only while `condition` is locked.
    let address: RedisAddress
    let timeout: Duration
    private let capacity: Int
    private let condition = NSCondition()
    private var idle: [RedisConnection] = []
    /// Connections checked out or idle, and slots being connected.
    private var open = 0
    private var closed = false
    private var finishedRoundTrips = 0

    init(_ address: RedisAddress, capacity: Int, timeout: Duration) {
        self.address = address
        self.capacity = max(1, capacity)
        self.timeout = timeout
    }

    /// Runs `body` on a connection of its own. Waits at most the timeout for a free connection, and connects
    /// within it when a new one is needed.
    func withConnection<T>(_ body: (RedisConnection) throws(RedisError) -> T) throws(RedisError) -> T {
        let connection = try checkOut()
        let before = connection.roundTrips
        defer { checkIn(connection, roundTrips: connection.roundTrips - before) }
        return try body(connection)
    }

    /// The round trips every call made so far, answered or not.
    var roundTrips: Int {
        condition.lock()
        defer { condition.unlock() }
        return finishedRoundTrips
    }

    /// Drops every idle connection and refuses new checkouts; those checked out are dropped when given back.
    func close() {
        condition.lock()
        closed = true
        open -= idle.count
        idle = []
        condition.broadcast()
        condition.unlock()
    }

    private func checkOut() throws(RedisError) -> RedisConnection {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        condition.lock()
        while !closed && idle.isEmpty && open >= capacity {
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw .connection("\(address): all \(capacity) connections stayed busy for \(timeout)")
            }
        }
        if closed {
            condition.unlock()
            throw .connection("\(address): the store is closed")
        }
        while let connection = idle.popLast() {
            guard connection.isClosedByPeer else {
                condition.unlock()
                return connection
            }
            open -= 1
        }
        open += 1
        condition.unlock()
        do {
            return try RedisConnection(address, timeout: timeout)
        } catch {
            release()
            throw error
        }
    }

    private func checkIn(_ connection: RedisConnection, roundTrips: Int) {
        condition.lock()
        finishedRoundTrips += roundTrips
        if connection.isBroken || closed {
            open -= 1
        } else {
            idle.append(connection)
        }
        condition.signal()
        condition.unlock()
    }

    private func release() {
        condition.lock()
        open -= 1
        condition.signal()
        condition.unlock()
    }
}
