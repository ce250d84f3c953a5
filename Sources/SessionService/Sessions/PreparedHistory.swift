import HTTPServer

/// A session's `history` answer at one version, shared by the reads that follow until the next event (the
/// prepared response holds the document's only copy).
final class PreparedHistory: Sendable {
    let version: Int
    let response: PreparedResponse

    init(version: Int, response: PreparedResponse) {
        self.version = version
        self.response = response
    }
}
