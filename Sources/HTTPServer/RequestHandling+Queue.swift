import CMicroHTTPD
import CMicroHTTPDShim
import Synchronization

/// Handing an answer to MHD.
extension RequestHandling {
    /// Hands the response to MHD: one copy of the body (MUST_COPY), headers, queue, release our reference.
    /// A response with a stream goes to `queueStream` instead; a prepared one is queued as it is.
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer, context: ServerContext, head: Bool = false)
        -> MHD_Result
    {
        if let stream = response.stream {
            return queueStream(response, stream: stream, on: connection, context: context, head: head)
        }
        if let prepared = response.prepared, !context.draining.load(ordering: .relaxed) {
            return MHD_queue_response(connection, UInt32(response.status), prepared.response.pointer)
        }
        // A prepared answer's body is its own (the response may carry none beside it).
        let created = response.prepared.map { $0.withBody(createResponse(copying:)) } ?? createResponse(copying: response.body)
        guard let mhdResponse = created else {
            context.log("could not create a response (out of memory?); closing the connection", .error)
            return .NO
        }
        defer { MHD_destroy_response(mhdResponse) }
        addHeaders(of: response, to: mhdResponse, context: context)
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }

    /// Copies the response's header fields to MHD (logging refused ones), plus `Connection: close` when draining
    /// or when `closing`.
    static func addHeaders(of response: HTTPResponse, to mhdResponse: OpaquePointer, context: ServerContext, closing: Bool = false) {
        for (name, value) in response.headers where !addHeader(name, value, to: mhdResponse) {
            context.log("dropped response header \"\(name)\" refused by microhttpd")
        }
        if closing || context.draining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
    }

    /// An MHD response holding its own copy of `body` (MUST_COPY), or nil when MHD cannot make one.
    static func createResponse(copying body: [UInt8]) -> OpaquePointer? {
        body.withUnsafeBytes(createResponse(copying:))
    }

    static func createResponse(copying raw: UnsafeRawBufferPointer) -> OpaquePointer? {
        MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
    }

    /// Adds one header field to an MHD response; false when MHD refuses it (CR/LF in it, a manual Content-Length).
    static func addHeader(_ name: String, _ value: String, to mhdResponse: OpaquePointer) -> Bool {
        name.withCString { name in value.withCString { MHD_add_response_header(mhdResponse, name, $0) } } == .YES
    }
}
