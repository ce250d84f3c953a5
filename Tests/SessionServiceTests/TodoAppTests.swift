import Foundation
import Testing

@Suite("todo app over HTTP (seed 002, bug fixed)")
struct TodoAppTests {
    @Test("LoggedOut full screen; login presents Todo with the name, no leaks; logout returns")
    func scenario() throws {
        try withTestServer { client in
            let created = try client.create(app: "todo")
            let id = try #require(created.json?["session"] as? String)
            expectState(created, Expected.todo(id, version: 1), status: 201)
            expectState(try client.send(id, #"{"type":"login","name":"kim"}"#), Expected.todo(id, version: 2, user: "kim"))
            try client.expectRefusal(id, #"{"type":"login","name":"lee"}"#, status: 409, code: "event_not_handled")
            expectState(try client.send(id, #"{"type":"logout"}"#), Expected.todo(id, version: 3))
            try client.expectRefusal(id, #"{"type":"logout"}"#, status: 409, code: "event_not_handled")
            expectState(try client.send(id, #"{"type":"login","name":"lee"}"#), Expected.todo(id, version: 4, user: "lee"))
            expectState(try client.state(id), Expected.todo(id, version: 4, user: "lee"))
        }
    }
}
