import HTTPServer

/// A session's `history` answer at one version, shared by the reads that follow until the next event (the
/// prepared response holds the document's only copy).
final class PreparedHistory: Sendable {
    let version: Int
    let response: PreparedResponse
    /// The document's size: what keeping it holds.
    let heldBytes: Int

    init(version: Int, response: PreparedResponse, heldBytes: Int) {
        self.version = version
        self.response = response
        self.heldBytes = heldBytes
    }
}
