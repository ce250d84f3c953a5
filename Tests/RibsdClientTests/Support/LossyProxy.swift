import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of a server that loses the answers of its first connections: it passes a
/// request on, and the server applies it, but the answer never reaches the client, which times out. What each
/// connection sent is recorded, so a test can tell a retry's request from the first. `stallOpenConnections`
/// freezes the connections open so far, as a network that stops delivering without closing anything does.
final class LossyProxy: Sendable {
    let port: UInt16
    private let listener: Int32
    private let upstreamPort: UInt16
    private let lostConnections: Int
    /// The bytes each accepted connection sent, in the order they were accepted.
    private let received = Lock<[[UInt8]]>([])
    /// Connections accepted before this many relay nothing more, either way, and stay open.
    private let stalledBelow = Lock(0)

    /// Listens on a free port; the answers on the first `lostConnections` connections are swallowed.
    init(to upstreamPort: UInt16, losingAnswersOfFirst lostConnections: Int) throws {
        self.upstreamPort = upstreamPort
        self.lostConnections = lostConnections
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            if fd >= 0 { close(fd) }
            throw TestFailure("proxy: cannot listen: \(String(cString: strerror(errno)))")
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting (the connections open go on until their ends close).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Stops relaying on every connection accepted so far, in both directions, without closing it: their ends
    /// hear nothing more until they give up. Later connections relay as usual. Answers how many were stalled:
    /// the index in `requests` of the first connection that relays.
    @discardableResult
    func stallOpenConnections() -> Int {
        let accepted = received.withLock { $0.count }
        stalledBelow.withLock { $0 = accepted }
        return accepted
    }

    /// What the connections sent, one text each, in the order they were accepted.
    var requests: [String] {
        received.withLock { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 && errno == EINTR { continue }
            guard client >= 0 else { return }
            // Not inherited by the processes a test starts meanwhile (a ribsd restarting, say).
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let index = received.withLock { list in
                list.append([])
                return list.count - 1
            }
            let upstream = Self.connect(port: upstreamPort)
            guard upstream >= 0 else {
                close(client)
                continue
            }
            let pair = SocketPair(client: client, upstream: upstream)
            Thread.detachNewThread { [self] in
                pump(from: client, to: upstream, connection: index, pair: pair) { bytes in received.withLock { $0[index] += bytes } }
            }
            let forward = index >= lostConnections
            Thread.detachNewThread { [self] in pump(from: upstream, to: forward ? client : -1, connection: index, pair: pair) { _ in } }
        }
    }

    /// Copies `source` to `destination` (to nowhere when it is -1, or once the connection is stalled) until
    /// either end closes.
    private func pump(from source: Int32, to destination: Int32, connection: Int, pair: SocketPair, seen: ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            seen(Array(buffer[0..<count]))
            guard destination >= 0, stalledBelow.withLock({ connection >= $0 }) else { continue }
            let sent = buffer.withUnsafeBytes { Glibc.send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
            guard sent == count else { break }
        }
        pair.end()
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func connect(port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0 else {
            if fd >= 0 { close(fd) }
            return -1
        }
        return fd
    }
}

/// The two sockets of a proxied connection: the first direction to end shuts both (waking the other), the
/// second closes them.
private final class SocketPair: Sendable {
    private let client: Int32
    private let upstream: Int32
    private let ended = Lock(0)

    init(client: Int32, upstream: Int32) {
        self.client = client
        self.upstream = upstream
    }

    func end() {
        let count = ended.withLock { count in
            count += 1
            return count
        }
        if count == 1 {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(upstream, Int32(SHUT_RDWR))
        } else {
            close(client)
            close(upstream)
        }
    }
}
