import HTTPServer
import Locking
import Synchronization

/// `POST /checked/:id` with a precheck: the id `gone` is 404 and a Content-Type other than `application/json`
/// 415, from the head alone, and the handler makes the same checks before it echoes the body. The id `odd` makes
/// the precheck answer 200, which is no refusal. Counts what ran.
final class CheckedRoute: Sendable {
    /// The body's length each precheck call saw.
    private let prechecked = Lock<[Int]>([])
    private let handled = Atomic<Int>(0)

    var prechecks: [Int] { prechecked.withLock { $0 } }
    var handlerCalls: Int { handled.load(ordering: .relaxed) }

    /// The standard routes plus this one.
    func router() -> HTTPRouter {
        let router = standardRouter()
        router.add(
            .POST, "/checked/:id",
            precheck: { [self] request in
                prechecked.withLock { $0.append(request.body.count) }
                if request.parameter("id") == "odd" { return HTTPResponse(status: 200) }
                return Self.refusal(of: request)
            }
        ) { [self] request in
            handled.add(1, ordering: .relaxed)
            return Self.refusal(of: request)
                ?? HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: request.body)
        }
        return router
    }

    /// What the head alone refuses.
    private static func refusal(of request: HTTPRequest) -> HTTPResponse? {
        let id = request.parameter("id") ?? ""
        var refusal: HTTPResponse
        if id == "gone" {
            refusal = .problem(status: 404, code: "gone", title: "Gone", detail: "No \(id) here.")
        } else if request.header("Content-Type") != "application/json" {
            refusal = .problem(status: 415, code: "unsupported", title: "Unsupported", detail: "Not JSON.")
        } else {
            return nil
        }
        refusal.logTag = id
        return refusal
    }
}
