import Foundation

/// An answer to a `ClientRequest`.
struct ClientResponse: Sendable {
    let status: Int
    let body: Data
    /// The seconds of a `Retry-After` header, if any.
    let retryAfter: Int?
    /// An earlier attempt may have reached the server, its answer lost: this answer may be to a repeat.
    let resent: Bool

    /// The body as `T`, if the status is `expected`; the refusal as an error otherwise.
    func decode<T: Decodable>(_ type: T.Type, status expected: Int = 200) throws(RibsdError) -> T {
        try expect(expected)
        do {
            return try JSONCoding.decoder().decode(T.self, from: body)
        } catch {
            throw .unexpectedResponse(status: status, body: Self.excerpt(body), reason: "not a \(T.self): \(error)")
        }
    }

    /// Nothing, if the status is `expected`; the refusal as an error otherwise.
    func expect(_ expected: Int) throws(RibsdError) {
        guard status != expected else { return }
        throw failure
    }

    /// The error this answer stands for: its problem document, or an unexpected answer when it holds none.
    var failure: RibsdError {
        if status >= 400, let problem = try? JSONCoding.decoder().decode(Problem.self, from: body) {
            return .problem(problem, retryAfter: retryAfter)
        }
        return .unexpectedResponse(status: status, body: Self.excerpt(body), reason: "not a problem document")
    }

    static func excerpt(_ body: Data) -> String {
        String(decoding: body.prefix(1024), as: UTF8.self)
    }
}
