import Foundation
import Testing

@Suite("hostile strings in the state JSON")
struct EscapingTests {
    static let names = [
        "q\"uote", "back\\slash\\", "ctl\u{01}\u{1F}\u{7F}", "new\nline\r", "tab\there", "emoji 😀🇰🇷", "\u{2028}\u{2029}",
        "</script><b>&amp;", "\"\\\u{00}\u{08}\u{0C}😀\n\t",
    ]

    /// Home's name as the state shows it.
    static func homeName(_ state: NSDictionary?) -> String? {
        let root = state?["tree"] as? NSDictionary
        let homeFlow = (root?["children"] as? [NSDictionary])?.first
        let home = (homeFlow?["children"] as? [NSDictionary])?.first
        return (home?["state"] as? NSDictionary)?["name"] as? String
    }

    @Test("quotes, backslashes, control characters and non-BMP characters survive the round trip", arguments: names)
    func roundTrip(name: String) throws {
        try withTestServer { client in
            let id = try client.createSession()
            let body = try JSONSerialization.data(withJSONObject: ["type": "login", "name": name])
            let response = try client.send(id, String(decoding: body, as: UTF8.self))
            expectState(response, Expected.login(id, version: 2, user: name))
            #expect(Self.homeName(response.json) == name)
            #expect(!response.body.contains { $0 < 0x20 }, "raw control bytes in the state JSON")
            #expect(try client.state(id).body == response.body)
            let history = try client.history(id)
            #expect(!history.body.contains { $0 < 0x20 })
            let event = (history.json?["events"] as? [NSDictionary])?.first?["event"] as? NSDictionary
            #expect(event?["name"] as? String == name)
        }
    }

    @Test("escapes written by the client (\\u0001, surrogate pairs) decode to the exact characters")
    func clientEscapes() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "todo")
            let response = try client.send(id, #"{"type":"login","name":"a\u0001b\"c\\d\ud83d\ude00e\nf"}"#)
            expectState(response, Expected.todo(id, version: 2, user: "a\u{01}b\"c\\d😀e\nf"))
            let text = response.text
            #expect(text.contains(#"a\u0001b\"c\\d"#))
            #expect(text.contains(#"e\nf"#))
        }
    }

    @Test("a hostile app id comes back intact in the problem's detail")
    func hostileAppID() throws {
        try withTestServer { client in
            let app = "x\"y\\z\u{01}\n😀"
            let body = try JSONSerialization.data(withJSONObject: ["app": app])
            let response = try client.request("POST", "/v1/sessions", body: String(decoding: body, as: UTF8.self))
            expectProblem(response, status: 422, code: "unknown_app")
            #expect((response.json?["detail"] as? String)?.contains(app) == true)
            #expect(!response.body.contains { $0 < 0x20 })
        }
    }
}
