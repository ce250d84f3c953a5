import CMicroHTTPD
import CMicroHTTPDShim
import Synchronization

extension RequestHandling {
    /// Counts a streamed response against the server's stream limit, or replaces it with a 503 problem
    /// (limit reached, or the server is stopping) and ends the stream so its producer drops it.
    static func admitStream(_ response: consuming HTTPResponse, context: ServerContext) -> HTTPResponse {
        guard let stream = response.stream else { return response }
        var refusal: HTTPResponse
        if context.draining.load(ordering: .relaxed) {
            refusal = .problem(status: 503, code: "shutting_down", title: "Shutting down", detail: "The server is stopping.")
        } else if !context.streams.add(stream) {
            // At the limit, `add` first ends the streams whose clients left (a viewer reconnecting after its tab
            // was closed, say).
            context.log("refused a stream: \(context.maxStreams) streams already open")
            refusal = .problem(
                status: 503, code: "stream_limit", title: "Stream limit reached",
                detail: "The server holds its maximum of \(context.maxStreams) open streams.",
                extraHeaders: [("Retry-After", "5")])
        } else {
            return response
        }
        stream.refuse()
        // The refusal is logged as the request it answers (its session, say).
        refusal.logTag = response.logTag
        return refusal
    }

    /// Queues an admitted stream: a chunked response whose reader drains the stream and suspends the
    /// connection while it is empty. While the stream lasts the connection's timeout is `streamTimeout`, two
    /// heartbeats or more: a suspended connection is not timed, and a live one writes a heartbeat at least
    /// that often, so only a client that stopped reading runs into it. The kernel gets the same span for
    /// bytes the client does not acknowledge. Both are restored when the stream ends.
    /// (Never 0, "no timeout": a HEAD of a stream route, whose body MHD never reads, would keep it for good.)
    /// A HEAD answer is sent without chunked coding and closes the connection: MHD would end a chunked answer
    /// with its last chunk even for HEAD, bytes a HEAD answer must not have.
    static func queueStream(
        _ response: HTTPResponse, stream: StreamBody, on connection: OpaquePointer, context: ServerContext, head: Bool
    ) -> MHD_Result {
        let binding = StreamCallbacks.Binding(
            stream: stream, registry: context.streams, connection: MHDHandle(pointer: connection),
            idleTimeout: context.idleTimeout)
        let retained = Unmanaged.passRetained(binding)
        guard
            let mhdResponse = cmhd_create_stream_response(
                StreamCallbacks.blockSize, StreamCallbacks.reader, retained.toOpaque(), StreamCallbacks.free)
        else {
            retained.release()
            context.streams.remove(stream)
            stream.refuse()
            context.log("could not create a stream response (out of memory?); closing the connection", .error)
            return .NO
        }
        // From here MHD owns `retained`: StreamCallbacks.free releases it, even if queueing fails below.
        defer { MHD_destroy_response(mhdResponse) }
        addHeaders(of: response, to: mhdResponse, context: context, closing: head)
        if head, cmhd_response_without_chunks(mhdResponse) != .YES {
            context.log("could not make a stream's HEAD answer unchunked; closing the connection", .error)
            return .NO
        }
        stream.attach(to: connection)
        let socket = cmhd_connection_socket(connection)
        // A stream is answered for as long as it lasts: from here its socket is judged like any other, so a
        // client that left (or only shut its sending side) gives its slot back at a limit.
        context.connections.markBusy(socket, false)
        if cmhd_set_connection_timeout(connection, context.streamTimeout) != .YES {
            context.log("could not set the timeout of a stream connection")
        }
        // The same span for the kernel, on unacknowledged bytes: a client that vanished without closing (no
        // FIN: a dropped network) takes each heartbeat into the send buffer, so neither MHD's timeout nor a
        // failed write would notice it for the ~15 minutes of TCP's own retransmissions, and its stream would
        // hold a `maxStreams` slot all along. Past this the socket fails, and the heartbeat round's poll sees it.
        let milliseconds = UInt32(clamping: UInt64(context.streamTimeout) * 1000)
        if cmhd_socket_set_user_timeout(socket, milliseconds) != 0 {
            context.log("could not set the TCP user timeout of a stream connection")
        }
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }
}
