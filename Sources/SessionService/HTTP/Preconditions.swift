import HTTPServer

/// A request's `If-Match` and `If-None-Match` (RFC 9110 §13), read once and evaluated against a session's
/// version under its lock.
struct Preconditions {
    /// Which precondition failed.
    enum Failure {
        /// `If-Match` does not name the version (strong comparison).
        case ifMatch
        /// `If-None-Match` names it (weak comparison), or is `*`.
        case ifNoneMatch
    }

    private let ifMatch: String?
    private let ifNoneMatch: String?

    // Inlined and borrowed: every GET and event reads these, and an out-of-line call copied the request.
    @inline(__always)
    init(_ request: borrowing HTTPRequest) {
        ifMatch = request.headerList("If-Match")
        ifNoneMatch = request.headerList("If-None-Match")
    }

    /// The first precondition that fails at `version`, in RFC 9110 §13.2.2's order (If-Match, then If-None-Match).
    func failure(at version: Int) -> Failure? {
        if let ifMatch, !Self.names(ifMatch, version: version, weakly: false) { return .ifMatch }
        if let ifNoneMatch, Self.names(ifNoneMatch, version: version, weakly: true) { return .ifNoneMatch }
        return nil
    }

    /// For a request that changes the session (an event, a DELETE): 412 `version_mismatch` when either fails.
    func checkChange(at version: Int) throws(ServiceError) {
        switch failure(at: version) {
        case .ifMatch: throw .versionMismatch(current: version)
        case .ifNoneMatch: throw .versionMatched(current: version)
        case nil: return
        }
    }

    /// Whether a list of entity-tags names `version` (`"<version>"`), or is `*`. Compared as bytes, so a no-break
    /// space is part of a tag, not padding. `weakly`: `W/"<version>"` names it too (RFC 9110 §8.8.3.2); strongly,
    /// a weak tag never matches.
    static func names(_ header: String, version: Int, weakly: Bool) -> Bool {
        let current = Array("\"\(version)\"".utf8)
        for candidate in header.utf8.split(separator: UInt8(ascii: ",")) {
            var tag = HeaderValue.trimmingOWS(candidate)
            if weakly, tag.starts(with: "W/".utf8) { tag = tag.dropFirst(2) }
            if tag.elementsEqual(current) || tag.elementsEqual([UInt8(ascii: "*")]) { return true }
        }
        return false
    }
}
