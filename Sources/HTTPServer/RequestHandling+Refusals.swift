import CMicroHTTPD
import CMicroHTTPDShim
import Synchronization

/// The refusals a request gets before (or instead of) its handler: from its head, its route and its body's size.
extension RequestHandling {
    /// Why the head alone leaves the request's framing untrustworthy, or nil. Such a request is answered at once
    /// and its connection closed, which is what a response queued before the body means to MHD.
    static func untrustedHead(_ head: Int32) -> String? {
        if head & Int32(CMHD_MALFORMED_FIELD.rawValue) != 0 {
            return
                "The request's head is malformed: a header name that is not a token, a line folded onto the one before it, a control character or NUL in a line, or a line that does not end with CRLF."
        }
        switch head & Int32(CMHD_FRAMING_MASK.rawValue) {
        case Int32(CMHD_FRAMING_UNREADABLE.rawValue):
            // MHD would wait for a body whose end it cannot find until the connection times out (RFC 9112 §6.1).
            return "The request's Transfer-Encoding is not chunked, so its body's length cannot be known."
        case Int32(CMHD_FRAMING_CODING_IN_HTTP10.rawValue):
            return "An HTTP/1.0 request has no Transfer-Encoding, so its body's framing cannot be trusted."
        case Int32(CMHD_FRAMING_AMBIGUOUS.rawValue):
            // The connection closes after the answer anyway: answering now spares a client that sent fewer bytes
            // than MHD counts by the first length a wait for the idle timeout.
            return "The request has Content-Length headers that disagree, or Content-Length beside Transfer-Encoding."
        default:
            return nil
        }
    }

    /// The answer to a head the server will not act on: 404 for a path that names no resource once decoded,
    /// else 400.
    static func refusal(of malformed: RequestState.MalformedHead) -> HTTPResponse {
        let detail =
            switch malformed {
            case .nulInPath: "No resource has a NUL byte (%00) in its path."
            case .slashInPath: "No resource has an encoded slash (%2F) in its path."
            case .invalidAuthority: "The request target's authority is not a host, is percent-encoded or has userinfo."
            case .repeatedContentType: "The request has more than one Content-Type."
            case .invalidTarget: "The request target has a space or a control character."
            case .missingHost: "An HTTP/1.1 request needs a Host header."
            case .repeatedHost: "The request has more than one Host header."
            case .invalidHost: "The Host header is not a host with an optional port."
            }
        return switch malformed {
        case .nulInPath, .slashInPath: .problem(status: 404, code: "not_found", title: "Not found", detail: detail)
        default: .problem(status: 400, code: "bad_request", title: "Bad request", detail: detail)
        }
    }

    /// What in the head's fields makes the request one the server will not act on, though its framing holds.
    static func malformedHeader(_ head: Int32, host: UnsafePointer<CChar>?, hostSize: Int) -> RequestState.MalformedHead? {
        if head & Int32(CMHD_MISSING_HOST.rawValue) != 0 { return .missingHost }
        if head & Int32(CMHD_REPEATED_HOST.rawValue) != 0 { return .repeatedHost }
        if let host {
            // MHD strips the whitespace before a value, not after it (RFC 9110 §5.5: neither is the value's).
            var size = hostSize
            while size > 0, host[size - 1] == 0x20 || host[size - 1] == 0x09 { size -= 1 }
            if size > 0, !RequestTarget.isHostAndPort(UnsafeRawBufferPointer(start: host, count: size)) {
                return .invalidHost
            }
        }
        if head & Int32(CMHD_REPEATED_CONTENT_TYPE.rawValue) != 0 { return .repeatedContentType }
        return nil
    }

    /// The answer a request gets before its body is read, if any: a refusal `admission` makes, or, when the
    /// client waits for 100 Continue, one its route's precheck makes from the head.
    static func refusalBeforeBody(
        of state: RequestState, url: UnsafePointer<CChar>?, expectsContinue: Bool, on connection: OpaquePointer,
        context: ServerContext
    ) -> HTTPResponse? {
        switch admission(of: state, context: context) {
        case .refused(let refusal):
            return refusal
        case .admitted(let pattern, _):
            // Only for a declared length: a chunked body's, zero or not, is known at its end, and an answer may
            // depend on whether there is any body at all. Nor once the server stops, when no handler starts.
            guard expectsContinue, state.declaredLength > 0, let url, let precheck = pattern.precheck(for: state.method),
                !context.abandoning.load(ordering: .relaxed)
            else { return nil }
            let request = HTTPRequest(
                method: state.method, path: url, query: state.query, body: [], pattern: pattern, connection: connection)
            guard let response = precheck(request) else { return nil }
            guard (400...599).contains(response.status), response.stream == nil else {
                // The handler checks everything again: ignoring this answer loses no refusal.
                let what = response.stream == nil ? "status \(response.status)" : "a stream"
                response.stream?.refuse()
                context.log("precheck for \(pattern.pattern) returned \(what), not a refusal; ignored", .error)
                return nil
            }
            return response
        }
    }

    /// What the request's headers and body size decide before any handler runs.
    enum Admission {
        case refused(HTTPResponse)
        case admitted(RouteTable.Pattern, HTTPHandler)
    }

    /// The refusals that need no handler: a malformed head, 404, 405, 413, in that order.
    static func admission(of state: RequestState, context: ServerContext) -> Admission {
        if let malformed = state.malformed { return .refused(refusal(of: malformed)) }
        switch state.resolution {
        case .notFound:
            return .refused(
                .problem(
                    status: 404, code: "not_found", title: "Not found",
                    detail: "No resource exists at this path."))
        case .methodNotAllowed(_, let allow):
            return .refused(
                .problem(
                    status: 405, code: "method_not_allowed", title: "Method not allowed",
                    detail: "This resource does not support this method.",
                    extraHeaders: [("Allow", allow)]))
        case .matched where state.bodyTooLarge:
            return .refused(
                .problem(
                    status: 413, code: "payload_too_large", title: "Content too large",
                    detail: "The request body exceeds the limit of \(context.maxBodySize) bytes."))
        case .matched(let pattern, let handler):
            return .admitted(pattern, handler)
        }
    }

    /// A 400 for a request whose body cannot be delimited with certainty: the connection cannot be trusted for
    /// another request either, so it closes.
    static func untrustedFraming(_ detail: String) -> HTTPResponse {
        .problem(status: 400, code: "bad_request", title: "Bad request", detail: detail, extraHeaders: [("Connection", "close")])
    }
}
