import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A failure of the test client itself (not an HTTP error status).
struct ClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One HTTP/1.1 response as it came off the wire.
struct HTTPResult: Sendable {
    let status: Int
    let headers: [Header]
    let body: [UInt8]

    struct Header: Sendable {
        let name: String
        let value: String
    }

    /// The first value of a header, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object.
    var json: NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? NSDictionary
    }

    /// The `ETag` as a version number (`"3"` → 3).
    var etagVersion: Int? {
        guard let tag = header("ETag"), tag.count >= 3, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        return Int(tag.dropFirst().dropLast())
    }
}

/// A blocking keep-alive HTTP/1.1 client over a plain TCP socket to 127.0.0.1.
///
/// It reconnects when the server announced `Connection: close` on the previous response.
final class HTTPClient {
    let port: UInt16
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []

    init(port: UInt16) {
        self.port = port
    }

    deinit { disconnect() }

    /// Sends one request and reads its response. A body gets a `Content-Length`; pass `Content-Type` in `headers`.
    /// `rawHeaders` go out byte for byte (values that are not UTF-8).
    func request(
        _ method: String, _ target: String, body: [UInt8] = [], headers: [(String, String)] = [],
        rawHeaders: [(String, [UInt8])] = []
    ) throws -> HTTPResult {
        if fd < 0 { try connect() }
        do {
            try send(head(method, target, bodyLength: body.count, headers: headers, rawHeaders: rawHeaders) + body)
            return try readFinalResponse(method: method)
        } catch {
            disconnect()
            throw error
        }
    }

    /// Sends a request's head with `Expect: 100-continue`, and its body only if the server invites it: returns
    /// what came back, `100 Continue` and then the answer, or the answer alone (the body was not sent, and the
    /// connection is dropped). `beforeBody` runs between the invitation and the body.
    func requestExpectingContinue(
        _ method: String, _ target: String, body: [UInt8], headers: [(String, String)] = [],
        beforeBody: () throws -> Void = {}
    ) throws -> [HTTPResult] {
        if fd < 0 { try connect() }
        do {
            try send(head(method, target, bodyLength: body.count, headers: headers + [("Expect", "100-continue")]))
            let first = try readResponse(method: method)
            guard first.status == 100 else {
                disconnect()
                return [first]
            }
            try beforeBody()
            try send(body)
            return [first, try readFinalResponse(method: method)]
        } catch {
            disconnect()
            throw error
        }
    }

    /// A request's head; a body gets a `Content-Length`, and so does a POST, PUT or PATCH without one.
    private func head(
        _ method: String, _ target: String, bodyLength: Int, headers: [(String, String)], rawHeaders: [(String, [UInt8])] = []
    ) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if bodyLength > 0 || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(bodyLength)\r\n" }
        var bytes = Array(head.utf8)
        for (name, value) in rawHeaders { bytes += Array("\(name): ".utf8) + value + Array("\r\n".utf8) }
        return bytes + Array("\r\n".utf8)
    }

    /// Reads a response, and drops the connection when the server said it closes it.
    private func readFinalResponse(method: String) throws -> HTTPResult {
        let result = try readResponse(method: method)
        if result.header("Connection")?.lowercased().contains("close") == true { disconnect() }
        return result
    }

    private func connect() throws {
        let (socketFD, code) = LoopbackSocket.connect(port: port, timeout: 10)
        guard socketFD >= 0 else { throw ClientError("connect to port \(port): \(String(cString: strerror(code)))") }
        fd = socketFD
        buffer = []
    }

    private func disconnect() {
        if fd >= 0 { close(fd) }
        fd = -1
        buffer = []
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ClientError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count == 0 { return false }
        guard count > 0 else { throw ClientError("recv: \(String(cString: strerror(errno)))") }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func readResponse(method: String) throws -> HTTPResult {
        var end = HTTPHead.end(in: buffer)
        while end == nil {
            guard try fill() else { throw ClientError("connection closed before a response") }
            end = HTTPHead.end(in: buffer)
        }
        let headEnd = end!
        guard let head = HTTPHead(buffer[0..<headEnd]) else {
            throw ClientError("bad status line \(HTTPHead.statusLine(of: buffer[0..<headEnd]))")
        }
        let status = head.status
        let headers = head.headers.map { HTTPResult.Header(name: $0.name, value: $0.value) }
        var length = 0
        if method != "HEAD", status != 204, status != 304 {
            length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        }
        let start = headEnd + 4
        while buffer.count < start + length {
            guard try fill() else { throw ClientError("connection closed inside a response body") }
        }
        let body = Array(buffer[start..<(start + length)])
        buffer.removeFirst(start + length)
        return HTTPResult(status: status, headers: headers, body: body)
    }
}
