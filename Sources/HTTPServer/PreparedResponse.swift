import CMicroHTTPD
import CMicroHTTPDShim

#if canImport(Glibc)
    import Glibc
#endif

/// A response built in MHD once and queued for any number of requests, from any thread: an answer many
/// requests share (a session's state between two of its changes), without building it, its headers and a
/// copy of its body again for each one. MHD counts the requests still sending it; it goes with the last.
public final class PreparedResponse: Sendable {
    /// The MHD response; never changed after `init` (no header is added once it may be queued). It has no
    /// status: each request's `HTTPResponse.status` goes with it.
    let response: MHDHandle
    /// The body's only copy, owned by the MHD response (freed with it, after the last request sending it);
    /// alive while this object holds the response.
    private let body: MHDHandle
    private let bodyCount: Int

    /// Builds the response from one copy of `body`; nil if MHD refuses it or one of the headers.
    public init?(headers: [(name: String, value: String)], body: [UInt8]) {
        guard let buffer = malloc(max(body.count, 1)) else { return nil }
        body.withUnsafeBytes { if let source = $0.baseAddress { buffer.copyMemory(from: source, byteCount: $0.count) } }
        guard let created = cmhd_create_owned_response(body.count, buffer) else {
            free(buffer)
            return nil
        }
        // From here the buffer is the response's: destroying it frees the buffer.
        for (name, value) in headers where !RequestHandling.addHeader(name, value, to: created) {
            MHD_destroy_response(created)
            return nil
        }
        response = MHDHandle(pointer: created)
        self.body = MHDHandle(pointer: OpaquePointer(buffer))
        bodyCount = body.count
    }

    /// Runs `read` over the body's bytes (a stopping server answers with a response of its own, which adds
    /// `Connection: close`, from these).
    func withBody<Result>(_ read: (UnsafeRawBufferPointer) -> Result) -> Result {
        read(UnsafeRawBufferPointer(start: UnsafeRawPointer(body.pointer), count: bodyCount))
    }

    deinit {
        // Our reference only: requests still sending it hold theirs.
        MHD_destroy_response(response.pointer)
    }
}
