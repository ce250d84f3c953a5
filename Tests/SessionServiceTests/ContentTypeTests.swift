import Foundation
import Testing

@Suite("Content-Type of event bodies")
struct ContentTypeTests {
    @Test(
        "JSON media types are accepted in any case, with parameters",
        arguments: [
            "application/json", "Application/JSON; charset=UTF-8", " application/json ", "application/vnd.ribsd.event+json",
            #"application/json;charset="utf-8""#, "application/json; charset=utf8; profile=x", "application/json;",
            // A quoted value is one, semicolons and all.
            #"application/json; profile="a;charset=latin1""#, #"application/json; p="\";charset=x"; charset=utf-8"#,
            #"application/json; charset="utf\-8""#, "application/json; charset", "application/json; ;; CHARSET = UTF-8",
        ])
    func accepted(_ contentType: String) throws {
        try withTestServer { client in
            let id = try client.createSession()
            let response = try client.send(id, #"{"type":"login","name":"kim"}"#, contentType: contentType)
            #expect(response.status == 200)
        }
    }

    @Test(
        "anything else is 415 and changes nothing",
        arguments: [
            "text/plain", "text/json", "application/jsonp", "application/x-www-form-urlencoded", "json", "application/+json",
            // JSON is UTF-8 (RFC 8259 §8.1): a body said to be in another charset would be misread.
            "application/json; charset=utf-16", "application/json; charset=latin1", #"application/json; charset="""#,
            #"application/json; profile="x"; charset=latin1"#,
            // A quote anywhere but around a whole value, or never closed, is no parameter anyone can agree on.
            #"application/json; p="x; charset=latin1"#, #"application/json; p=a"b; charset=latin1"#,
            #"application/json; p=a\"; charset=latin1"#, #"application/json; p="x"y; charset=utf-8"#,
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

    @Test(
        "a content-coded body is 415 and changes nothing; identity is no coding",
        arguments: [
            ("gzip", 415), ("GZIP", 415), ("identity, gzip", 415), ("br", 415), ("identity", 200), ("Identity", 200), ("", 200),
        ])
    func contentEncoding(_ coding: String, _ status: Int) throws {
        try withTestServer { client in
            let id = try client.createSession()
            let before = try client.get("/v1/sessions/\(id)")
            let response = try client.send(id, #"{"type":"login","name":"kim"}"#, headers: [("Content-Encoding", coding)])
            #expect(response.status == status)
            if status == 415 {
                #expect(response.json?["code"] as? String == "unsupported_media_type")
                #expect((response.json?["detail"] as? String)?.contains("Content-Encoding") == true)
                #expect(try client.get("/v1/sessions/\(id)").body == before.body)
            }
            // Each line counts: identity first says nothing of what follows.
            if status == 415 {
                let twoLines = try client.send(
                    id, #"{"type":"login","name":"kim"}"#,
                    headers: [("Content-Encoding", "identity"), ("Content-Encoding", coding)])
                #expect(twoLines.status == 415)
            }
            // Creating a session reads its body the same way.
            let created = try client.request("POST", "/v1/sessions", body: #"{"app":"todo"}"#, headers: [("Content-Encoding", coding)])
            #expect(created.status == (status == 415 ? 415 : 201))
        }
    }
}
