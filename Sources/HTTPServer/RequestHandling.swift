import CMicroHTTPD
import CMicroHTTPDShim
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The access-handler state machine: route at the first call, accumulate the body (capped), answer at
/// the last call. Nothing here traps on client input.
enum RequestHandling {
    static func handle(
        context: ServerContext, connection: OpaquePointer, url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
        uploadDataSize: UnsafeMutablePointer<Int>, conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let state: RequestState
        if let raw = conCls.pointee {
            state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        } else {
            // The URI log callback always runs first; this only guards against an MHD that skipped it.
            state = RequestState(
                query: nil, started: MHDCallbacks.startTime(for: context), liveCount: context.requestStates)
            conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        }
        let url = url.map { RequestTarget.path($0, form: state.form) }

        switch state.phase {
        case .created:
            // Headers are complete. Route now, but queue nothing: answering before the body is read would
            // make MHD close the connection, so even 404/405 wait for the final call (unless the client waits
            // for 100 Continue: then it has sent no body, and the answer goes out at once).
            state.phase = .receiving
            state.counted = true
            context.inFlight.add(1)
            // Until it is answered, its client may shut its sending side and still wait: not a departed one.
            context.connections.markBusy(cmhd_connection_socket(connection), true)
            state.method = HTTPMethod(cString: method)
            var host: UnsafePointer<CChar>?
            var hostSize = 0
            var headCost = 0
            let head = cmhd_request_head(connection, method, version, &state.declaredLength, &host, &hostSize, &headCost)
            if let detail = untrustedHead(head) {
                return answerAtOnce(untrustedFraming(detail), for: state, on: connection, context: context)
            }
            // MHD builds the answer's head in what the request's head left of the connection's memory: with too
            // little, the handler ran (an event applied) and MHD then closed the connection with no answer sent.
            if headCost > context.headLimit {
                return answerAtOnce(
                    .problem(
                        status: 431, code: "header_too_large", title: "Request header fields too large",
                        detail: "The request's head leaves too little of a connection's memory for an answer."),
                    for: state, on: connection, context: context)
            }
            // Refused when routed, unless the head or the route refuses it first (`admission`'s order).
            state.bodyTooLarge = state.declaredLength > UInt64(context.maxBodySize)
            if state.malformed == nil, let version, let end = state.targetEnd, end != UnsafeRawPointer(version - 1) {
                // MHD wrote the target's terminating NUL over the space before the version. A C string that ends
                // elsewhere ended at a NUL the client sent: `/v1/sessions/<id>\0/x` would act on the session.
                state.malformed = .invalidTarget
            }
            if state.malformed == nil {
                state.malformed = malformedHeader(head, host: host, hostSize: hostSize)
            }
            state.resolution = withPath(url) { context.routes.resolve(method: state.method, path: $0) }
            // A refusal is normally sent once the body is read, so the connection stays open for the next
            // request. Not when the client waits for 100 Continue: an answer known already (to the server, or to
            // the route's precheck) is given instead of the invitation (RFC 9110 §10.1.1). Nor when the declared
            // body is far past the limit: reading it all first would let one request make the server take in any
            // amount.
            let expectsContinue = head & Int32(CMHD_EXPECTS_CONTINUE.rawValue) != 0
            if expectsContinue || state.declaredLength > context.drainLimit,
                let refusal = refusalBeforeBody(of: state, url: url, expectsContinue: expectsContinue, on: connection, context: context)
            {
                // The unread body means the connection closes after the answer: a client still sending may see
                // that close as a reset (MHD has no lingering close).
                return answerAtOnce(refusal, for: state, on: connection, context: context)
            }
            if head & Int32(CMHD_EXPECTS_CONTINUE_WITHOUT_BODY.rawValue) != 0 {
                // Nothing to read, and an answer queued now keeps MHD from inviting a body that is not coming.
                return answer(state, url: url, on: connection, context: context)
            }
            return .YES

        case .receiving:
            let size = uploadDataSize.pointee
            if size > 0 {
                if let uploadData { accept(uploadData, count: size, into: state, context: context) }
                uploadDataSize.pointee = 0
                // A chunked body declares no length: once it runs far past the limit (a Content-Length that far
                // is refused with the head), it is not drained to its end, which would let one request make the
                // server take in any amount. MHD takes no answer in the middle of a body, so the connection
                // closes without one; the request counts as the refusal it was.
                // So does one in more than `maxPieces` pieces: MHD hands over the chunks' data only, and their
                // extensions (`1;aaa…`, each line up to a connection's memory) would otherwise go uncounted.
                state.received = state.received.addingReportingOverflow(UInt64(size)).overflow ? .max : state.received + UInt64(size)
                state.pieces += 1
                if state.received > context.drainLimit || (state.declaredLength == 0 && state.pieces > Self.maxPieces),
                    case .refused(let refusal) = admission(of: state, context: context)
                {
                    state.phase = .answered
                    state.status = refusal.status
                    context.log(
                        "closed a connection whose refused chunked body ran past what is read of one (1 MiB beyond the limit of \(context.maxBodySize) bytes, or \(Self.maxPieces) pieces)"
                    )
                    context.closeOnPurpose()
                    return .NO
                }
                return .YES
            }
            return answer(state, url: url, on: connection, context: context)

        case .answered:
            // MHD does not call again after a response was queued; refuse (closes the connection) if it does.
            return .NO
        }
    }

    /// Handles the request, its body all read, and queues the answer.
    private static func answer(
        _ state: RequestState, url: UnsafePointer<CChar>?, on connection: OpaquePointer, context: ServerContext
    ) -> MHD_Result {
        state.phase = .answered
        if context.abandoning.load(ordering: .relaxed) { return .NO }
        let response = admitStream(respond(to: state, url: url, connection: connection, context: context), context: context)
        state.status = response.status
        state.logTag = response.logTag
        state.streamed = response.stream != nil
        if state.streamed { context.streamsInFlight.add(1, ordering: .relaxed) }
        return queue(response, on: connection, context: context, head: state.method == .HEAD)
    }

    /// Answers with `response` before the body is read (MHD then closes the connection after it).
    private static func answerAtOnce(
        _ response: HTTPResponse, for state: RequestState, on connection: OpaquePointer, context: ServerContext
    ) -> MHD_Result {
        state.phase = .answered
        state.status = response.status
        state.logTag = response.logTag
        return queue(response, on: connection, context: context)
    }

    /// The most pieces of a refused chunked body read before the connection is closed instead (the answer waits
    /// for the body's end): far more than a body sent in chunks of any sensible size has.
    static let maxPieces = 65_536

    /// Appends one body chunk, or discards it when the route did not match or the cap was passed.
    private static func accept(
        _ data: UnsafePointer<CChar>, count: Int, into state: RequestState, context: ServerContext
    ) {
        guard case .matched = state.resolution, !state.bodyTooLarge else { return }
        if state.body.isEmpty {
            // First chunk: size the buffer from Content-Length (read with the head, and within the limit, or the
            // body would be too large already).
            state.body.reserveCapacity(state.declaredLength > 0 ? Int(state.declaredLength) : count)
        }
        guard count <= context.maxBodySize - state.body.count else {
            state.bodyTooLarge = true
            state.body = []
            return
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        }
    }

    /// Builds the response for a fully received request; precedence 404, 405, 413, then the handler.
    private static func respond(
        to state: RequestState, url: UnsafePointer<CChar>?, connection: OpaquePointer, context: ServerContext
    ) -> HTTPResponse {
        switch admission(of: state, context: context) {
        case .refused(let refusal):
            return refusal
        case .admitted(let pattern, let handler):
            guard let url else {
                return .problem(status: 400, code: "bad_request", title: "Bad request", detail: "The request has no path.")
            }
            let body = state.body
            state.body = []
            let request = HTTPRequest(
                method: state.method, path: url, query: state.query, body: body, pattern: pattern, connection: connection)
            let response = handler(request)
            guard (200...599).contains(response.status) else {
                response.stream?.refuse()
                context.log("handler for \(pattern.pattern) returned invalid status \(response.status); sending 500", .error)
                return .problem(
                    status: 500, code: "internal_error", title: "Internal server error",
                    detail: "The server could not produce a response.")
            }
            return response
        }
    }

    /// Runs `body` over the bytes of MHD's NUL-terminated path.
    private static func withPath<T>(_ url: UnsafePointer<CChar>?, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let url else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let length = strlen(url)
        return url.withMemoryRebound(to: UInt8.self, capacity: length + 1) { bytes in
            body(UnsafeBufferPointer(start: bytes, count: length))
        }
    }
}
