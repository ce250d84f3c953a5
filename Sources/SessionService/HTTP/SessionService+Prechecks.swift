import HTTPServer

// The answers a client that waits for 100 Continue gets instead of the invitation, when the head alone decides
// them. `HTTPServer` runs a precheck only before a body of declared length above 0: each checks the head as its
// handler checks it with a body, in the handler's order and with its errors, so that it answers what the handler
// would answer for this head with any body. The handler checks it all again once the body is in.
extension SessionService {
    /// An event's answer from its head alone: 415 for a body that is coded or not JSON, then 404 for a session
    /// unknown, deleted or expired; the handler's first checks, which no body changes.
    func eventPrecheck(_ request: HTTPRequest) -> HTTPResponse? {
        let id = request.parameter("id") ?? ""
        var response = refusal { () throws(ServiceError) in
            try requireJSON(request, hasBody: true)
            // Under the session's lock, as in the handler, with the same side effects. A session idle past its TTL
            // is closed: the handler, later, would find it so too (the uptime only moves on), and whichever closes
            // it counts the expiry once. A live one is marked accessed, as by any request that finds it live
            // whatever it answers next; the handler marks it again.
            _ = try withLiveSession(id) { _, _ in }
        }
        response?.logTag = id
        return response
    }

    /// A creation's answer from its head alone: 415 for a body that is coded or not JSON (none is needed, but a
    /// precheck runs only before one).
    func creationPrecheck(_ request: HTTPRequest) -> HTTPResponse? {
        refusal { () throws(ServiceError) in try requireJSON(request, hasBody: true) }
    }

    /// Nil when `check` passes, else its error as problem+json.
    private func refusal(_ check: () throws(ServiceError) -> Void) -> HTTPResponse? {
        do {
            try check()
            return nil
        } catch {
            return error.response
        }
    }
}
