import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A failure in the raw-socket test client.
struct ClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One parsed HTTP/1.1 response.
struct RawResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object (problem details), or an empty dictionary.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}

/// A blocking TCP client over plain sockets, for tests that need control over every write.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; `timeout` bounds every later receive.
    init(port: UInt16, timeout: Double = 5) throws {
        let result = LoopbackSocket.connect(port: port, timeout: timeout)
        guard result.fd >= 0 else { throw ClientError("connect failed: \(String(cString: strerror(result.errno)))") }
        fd = result.fd
    }

    deinit { close(fd) }

    /// Opens a socket and connects; returns the fd (or -1) and errno.
    static func connectSocket(port: UInt16) -> (fd: Int32, errno: Int32) {
        LoopbackSocket.connect(port: port, timeout: 5)
    }

    /// Builds a request with Host and Content-Length.
    static func request(
        _ method: String, _ target: String, body: [UInt8] = [], headers: [(String, String)] = [],
        close: Bool = false
    ) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        if close { head += "Connection: close\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ClientError("send failed: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends a request and reads its response.
    func roundTrip(_ method: String, _ target: String, body: [UInt8] = [], headers: [(String, String)] = [])
        throws -> RawResponse
    {
        try send(RawClient.request(method, target, body: body, headers: headers))
        return try readResponse(head: method == "HEAD")
    }

    /// Reads more bytes; false on EOF, throws on error/timeout.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count == 0 { return false }
        guard count > 0 else { throw ClientError("recv failed: \(String(cString: strerror(errno)))") }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response (status line, headers, Content-Length body); extra bytes stay buffered.
    func readResponse(head: Bool = false) throws -> RawResponse {
        var headerEnd = HTTPHead.end(in: buffer)
        while headerEnd == nil {
            guard try fill() else { throw ClientError("connection closed before a response header") }
            headerEnd = HTTPHead.end(in: buffer)
        }
        let end = headerEnd!
        guard let parsed = HTTPHead(buffer[0..<end]) else {
            throw ClientError("bad status line: \(HTTPHead.statusLine(of: buffer[0..<end]))")
        }
        let (status, headers) = (parsed.status, parsed.headers)
        let length = head ? 0 : Int(headers.first { $0.name.lowercased() == "content-length" }?.value ?? "0") ?? 0
        let bodyStart = end + 4
        while buffer.count < bodyStart + length {
            guard try fill() else { throw ClientError("connection closed inside a response body") }
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Waits until the server closes the connection; returns false on timeout.
    func waitForClose() -> Bool {
        LoopbackSocket.waitForClose(fd)
    }
}
