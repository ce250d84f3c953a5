import HTTPServer

/// A session's `history` answer at one version, shared by the reads that follow until the next event. The bytes
/// are kept beside the prepared answer for a stopping server, which answers with a response of its own
/// (`Connection: close`).
final class PreparedHistory: Sendable {
    let version: Int
    let body: [UInt8]
    let response: PreparedResponse

    init(version: Int, body: [UInt8], response: PreparedResponse) {
        self.version = version
        self.body = body
        self.response = response
    }
}
