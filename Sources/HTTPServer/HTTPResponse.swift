/// A complete response: status, header fields and body bytes, copied once into MHD when queued;
/// or, with `stream` set, a chunked body sent as its producer supplies it (server-sent events).
public struct HTTPResponse: Sendable {
    /// Status code; values outside 200...599 are replaced by a 500 problem (and logged).
    public var status: Int
    /// Header fields in order, including `Content-Type`. `Content-Length` and `Date` are written by MHD.
    /// Fields MHD refuses (CR/LF in a value, a manual `Content-Length`) are dropped and logged.
    public var headers: [(name: String, value: String)]
    /// Body bytes; omitted on the wire for HEAD requests.
    public var body: [UInt8]
    /// Never sent: handed to `HTTPServer.onRequestCompleted` with the request (a session id for the log).
    public var logTag: String?
    /// A streamed body; when set it replaces `body`. Counted against `ServerConfiguration.maxStreams`
    /// (over it the client gets a 503 `stream_limit` problem and the stream ends at once).
    public var stream: StreamBody?
    /// The same response built in MHD already (see `PreparedResponse`): queued instead of building one from
    /// the fields above. When the server adds `Connection: close` (stopping), it answers with its own copy of
    /// the prepared body and the headers above, which must describe it; `body` may then stay empty.
    public var prepared: PreparedResponse?

    /// Creates a response from a status, header fields and body bytes.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header field, compared case-insensitively (ASCII).
    public func header(_ name: String) -> String? {
        headers.first { asciiCaseInsensitiveEquals($0.name, name) }?.value
    }

    /// A streamed response: headers now, then whatever `body` is sent, until it is finished.
    public static func stream(_ body: StreamBody, status: Int = 200, headers: [(name: String, value: String)])
        -> HTTPResponse
    {
        var response = HTTPResponse(status: status, headers: headers)
        response.stream = body
        return response
    }

    /// A response with an `application/json` body already encoded as bytes.
    public static func json(status: Int = 200, _ body: [UInt8], extraHeaders: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        HTTPResponse(status: status, headers: headers(contentType: "application/json", extraHeaders), body: body)
    }

    /// A response with an `application/json` body and its `ETag`: the headers in one allocation (every state
    /// answer has exactly these two).
    public static func json(status: Int = 200, _ body: [UInt8], etag: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("ETag", etag)], body: body)
    }

    /// An RFC 9457 `application/problem+json` response:
    /// `{"type":"urn:ribsd:problem:<code>","title":…,"status":…,"detail":…,"code":…}`.
    public static func problem(
        status: Int, code: String, title: String, detail: String,
        extraHeaders: [(name: String, value: String)] = [], integerMembers: [(name: String, value: Int)] = []
    ) -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(96 + code.utf8.count * 2 + title.utf8.count + detail.utf8.count)
        body.appendASCII("{\"type\":")
        JSONBytes.appendString("urn:ribsd:problem:" + code, to: &body)
        body.appendASCII(",\"title\":")
        JSONBytes.appendString(title, to: &body)
        body.appendASCII(",\"status\":")
        JSONBytes.appendInteger(status, to: &body)
        body.appendASCII(",\"detail\":")
        JSONBytes.appendString(detail, to: &body)
        body.appendASCII(",\"code\":")
        JSONBytes.appendString(code, to: &body)
        // Extension members (RFC 9457 §3.2), such as the index of a batch's failing event.
        for (name, value) in integerMembers {
            body.append(UInt8(ascii: ","))
            JSONBytes.appendString(name, to: &body)
            body.append(UInt8(ascii: ":"))
            JSONBytes.appendInteger(value, to: &body)
        }
        body.append(UInt8(ascii: "}"))
        return HTTPResponse(
            status: status, headers: headers(contentType: "application/problem+json", extraHeaders), body: body)
    }

    /// `Content-Type` then `extra`, in one allocation (`[a] + b` made two on every response).
    private static func headers(contentType: String, _ extra: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(1 + extra.count)
        headers.append(("Content-Type", contentType))
        headers.append(contentsOf: extra)
        return headers
    }
}

/// ASCII case-insensitive comparison for header names (no Foundation, no lowercased copies).
func asciiCaseInsensitiveEquals(_ lhs: String, _ rhs: String) -> Bool {
    var left = lhs.utf8.makeIterator()
    var right = rhs.utf8.makeIterator()
    while true {
        switch (left.next(), right.next()) {
        case (nil, nil): return true
        case (let a?, let b?):
            if a == b { continue }
            let lowerA = a >= 0x41 && a <= 0x5A ? a | 0x20 : a
            let lowerB = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            if lowerA != lowerB { return false }
        default: return false
        }
    }
}
