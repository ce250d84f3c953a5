import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What one request of a load client saw.
enum LoadOutcome: Equatable {
    /// A complete `200` with the expected body; `closes` when it carried `Connection: close`.
    case answered(closes: Bool)
    /// The connection ended (EOF, reset, or the send failed) before a single byte of the response.
    case closedBeforeResponse
    /// Anything else: a partial or malformed response, a wrong status or body, a timeout.
    case broken(String)
}

/// A blocking keep-alive connection that is strict about responses: each must arrive whole or not at all.
final class LoadConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Connects to 127.0.0.1:`port`; nil and the errno when refused or failed.
    static func open(port: UInt16) -> (connection: LoadConnection?, errno: Int32) {
        let result = LoopbackSocket.connect(port: port, timeout: 5)
        return result.fd >= 0 ? (LoadConnection(fd: result.fd), 0) : (nil, result.errno)
    }

    /// Sends `request` and reads its response, which must be a `200` whose body is `expectedBody`.
    func exchange(_ request: [UInt8], expectedBody: [UInt8]) -> LoadOutcome {
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 {
                let code = errno
                return code == EPIPE || code == ECONNRESET ? .closedBeforeResponse : .broken("send: \(describe(code))")
            }
            offset += sent
        }
        var headEnd = HTTPHead.end(in: buffer)
        while headEnd == nil {
            if let ended = fill() { return ended }
            headEnd = HTTPHead.end(in: buffer)
        }
        let end = headEnd!
        guard let head = HTTPHead(buffer[0..<end]) else {
            return .broken("bad status line: \(HTTPHead.statusLine(of: buffer[0..<end]))")
        }
        guard head.status == 200 else { return .broken("status \(head.status)") }
        guard let length = head.header("Content-Length").flatMap({ Int($0) }) else {
            return .broken("no Content-Length in a 200")
        }
        while buffer.count < end + 4 + length {
            if let ended = fill() { return ended }
        }
        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        guard body == expectedBody else { return .broken("body \(String(decoding: body, as: UTF8.self))") }
        guard buffer.isEmpty else { return .broken("\(buffer.count) stray bytes after a response") }
        return .answered(closes: head.header("Connection")?.lowercased() == "close")
    }

    /// Reads more bytes; nil when some arrived, otherwise how the response ended.
    private func fill() -> LoadOutcome? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return nil
        }
        let code = count == 0 ? 0 : errno
        if count == 0 || code == ECONNRESET {
            return buffer.isEmpty ? .closedBeforeResponse : .broken("closed after \(buffer.count) bytes of a response")
        }
        return .broken("recv: \(describe(code)) after \(buffer.count) bytes")
    }

    private func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
