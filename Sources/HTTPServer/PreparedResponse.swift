import CMicroHTTPD

/// A response built in MHD once and queued for any number of requests, from any thread: an answer many
/// requests share (a session's state between two of its changes), without building it, its headers and a
/// copy of its body again for each one. MHD counts the requests still sending it; it goes with the last.
public final class PreparedResponse: Sendable {
    /// The MHD response; never changed after `init` (no header is added once it may be queued). It has no
    /// status: each request's `HTTPResponse.status` goes with it.
    let response: MHDHandle

    /// Builds the response (MHD copies `body` once); nil if MHD refuses it or one of the headers.
    public init?(headers: [(name: String, value: String)], body: [UInt8]) {
        guard let created = RequestHandling.createResponse(copying: body) else { return nil }
        for (name, value) in headers where !RequestHandling.addHeader(name, value, to: created) {
            MHD_destroy_response(created)
            return nil
        }
        response = MHDHandle(pointer: created)
    }

    deinit {
        // Our reference only: requests still sending it hold theirs.
        MHD_destroy_response(response.pointer)
    }
}
