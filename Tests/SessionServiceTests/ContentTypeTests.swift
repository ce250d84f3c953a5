import Foundation
import Testing

@Suite("Content-Type of event bodies")
struct ContentTypeTests {
    @Test("JSON media types are accepted in any case, with parameters", arguments: [
        "application/json", "Application/JSON; charset=UTF-8", " application/json ", "application/vnd.ribsd.event+json",
    ])
    func accepted(_ contentType: String) throws {
        try withTestServer { client in
            let id = try client.createSession()
            let response = try client.send(id, #"{"type":"login","name":"kim"}"#, contentType: contentType)
            #expect(response.status == 200)
        }
    }

    @Test("anything else is 415 and changes nothing", arguments: [
        "text/plain", "text/json", "application/jsonp", "application/x-www-form-urlencoded", "json", "application/+json",
    ])
    func refused(_ contentType: String) throws {
        try withTestServer { client in
            let id = try client.createSession()
            let before = try client.get("/v1/sessions/\(id)")
            let response = try client.send(id, #"{"type":"login","name":"kim"}"#, contentType: contentType)
            #expect(response.status == 415)
            #expect(response.json?["code"] as? String == "unsupported_media_type")
            #expect(try client.get("/v1/sessions/\(id)").body == before.body)
        }
    }
}
