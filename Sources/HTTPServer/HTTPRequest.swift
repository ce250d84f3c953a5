import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// One request as seen by a handler.
///
/// Valid only during the handler call: it refers to the live MHD connection (path bytes and headers are
/// read lazily from it), so it must not be stored or sent elsewhere (it is deliberately not `Sendable`).
public struct HTTPRequest {
    /// The request method.
    public let method: HTTPMethod
    /// The raw query string after `?` (not decoded), or nil when the target had no `?`.
    public let query: String?
    /// The whole request body (at most `ServerConfiguration.maxBodySize` bytes); empty in a route's precheck,
    /// which runs before it is read.
    public let body: [UInt8]

    private let source: Source

    /// Where path, route, parameters and headers come from.
    private enum Source {
        /// Inside the server: MHD's NUL-terminated decoded path, the connection, and the matched pattern.
        case live(path: UnsafePointer<CChar>, connection: OpaquePointer, pattern: RouteTable.Pattern)
        /// Built by `init(method:path:…)`, e.g. in unit tests of handlers.
        case detached(Detached)
    }

    private struct Detached {
        let path: String
        let route: String
        let parameters: [(name: String, value: String)]
        let headers: [(name: String, value: String)]
    }

    /// Builds a request without a connection, e.g. to unit-test handlers; `headers` answer `header(_:)`.
    public init(
        method: HTTPMethod, path: String, query: String? = nil, body: [UInt8] = [], route: String = "",
        parameters: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = []
    ) {
        self.method = method
        self.query = query
        self.body = body
        self.source = .detached(Detached(path: path, route: route, parameters: parameters, headers: headers))
    }

    /// Builds the request the server passes to a handler; the pointers must outlive the handler call.
    init(
        method: HTTPMethod, path: UnsafePointer<CChar>, query: String?, body: [UInt8],
        pattern: RouteTable.Pattern, connection: OpaquePointer
    ) {
        self.method = method
        self.query = query
        self.body = body
        self.source = .live(path: path, connection: connection, pattern: pattern)
    }

    /// The percent-decoded path, without the query (built on each access).
    public var path: String {
        switch source {
        case .live(let path, _, _): return String(cString: path)
        case .detached(let detached): return detached.path
        }
    }

    /// The matched route pattern, e.g. `"/v1/sessions/:id/events"` (for logs and metrics).
    public var route: String {
        switch source {
        case .live(_, _, let pattern): return pattern.pattern
        case .detached(let detached): return detached.route
        }
    }

    /// The value of the path parameter `name` (the `:name` segment of the route), already percent-decoded.
    public func parameter(_ name: String) -> String? {
        switch source {
        case .live(let path, _, let pattern):
            let length = strlen(path)
            return path.withMemoryRebound(to: UInt8.self, capacity: length) {
                pattern.parameter(name, in: UnsafeBufferPointer(start: $0, count: length))
            }
        case .detached(let detached):
            return detached.parameters.first { $0.name == name }?.value
        }
    }

    /// Calls `body` with the bytes of a request header's value, matched case-insensitively (the first one if it
    /// was sent several times), or nil without one; no `String` is made (a value over 15 bytes, like
    /// `application/json`, would be allocated).
    public func withHeaderBytes<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        switch source {
        case .live(_, let connection, _):
            guard let value = name.withCString({ MHD_lookup_connection_value(connection, .HEADER_KIND, $0) }) else {
                return body(nil)
            }
            let length = strlen(value)
            return value.withMemoryRebound(to: UInt8.self, capacity: length) {
                body(UnsafeBufferPointer(start: $0, count: length))
            }
        case .detached(let detached):
            guard var value = detached.headers.first(where: { asciiCaseInsensitiveEquals($0.name, name) })?.value else {
                return body(nil)
            }
            return value.withUTF8 { body($0) }
        }
    }

    /// The value of a request header, matched case-insensitively; the first one if it was sent several times.
    public func header(_ name: String) -> String? {
        withHeaderBytes(name) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// A list-valued header (such as `If-Match`) sent on one line or several, as one list: RFC 9110 reads the
    /// lines `If-Match: "1"` and `If-Match: "2"` as `"1", "2"`. Nil without the header.
    public func headerList(_ name: String) -> String? {
        // A single lookup answers the usual request, which does not send the header at all.
        guard withHeaderBytes(name, { $0 != nil }) else { return nil }
        return headerLines(name).joined(separator: ", ")
    }

    /// Every line of a request header, matched case-insensitively, in the order sent (none without it): a field
    /// that may appear only once is refused when it appears more often.
    public func headerLines(_ name: String) -> [String] {
        switch source {
        case .live(_, let connection, _):
            var lines = HeaderLines(name: name)
            withUnsafeMutablePointer(to: &lines) { pointer in
                _ = MHD_get_connection_values(
                    connection, .HEADER_KIND,
                    { context, _, key, value in
                        guard let context, let key else { return .YES }
                        let lines = context.assumingMemoryBound(to: HeaderLines.self)
                        if asciiCaseInsensitiveEquals(String(cString: key), lines.pointee.name) {
                            lines.pointee.values.append(value.map { String(cString: $0) } ?? "")
                        }
                        return .YES
                    }, pointer)
            }
            return lines.values
        case .detached(let detached):
            return detached.headers.filter { asciiCaseInsensitiveEquals($0.name, name) }.map(\.value)
        }
    }

    /// What `headerLines` collects while MHD walks the headers.
    private struct HeaderLines {
        let name: String
        var values: [String] = []
    }
}

@available(*, unavailable, message: "HTTPRequest is valid only during the handler call")
extension HTTPRequest: Sendable {}
