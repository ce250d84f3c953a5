import AppHosting
import Foundation
import Testing

@Suite("JSONFields: strict reading of event bodies")
struct JSONFieldsTests {
    @Test("an object's top-level fields, nested values checked and skipped")
    func fields() throws {
        let fields = try JSONFields(
            Array(
                #" { "type" : "push", "screen":"A\u00e9\ud83d\ude00\n", "n": -1.5e+3, "ok": true, "no": null, "list": [1, {"a": [ ]}], "obj": {} } "#
                    .utf8))
        #expect(
            fields.values == [
                "type": .string("push"), "screen": .string("Aé😀\n"), "n": .number("-1.5e+3"), "ok": .bool(true), "no": .null,
                "list": .array, "obj": .object,
            ])
    }

    @Test(
        "what JSON forbids is refused",
        arguments: [
            #"{"type":"pop",}"#, #"{"type":"pop"} x"#, #"{'type':'pop'}"#, #"{"type":"pop" /* c */}"#, #"{type:"pop"}"#,
            #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":+1}"#, #"{"a":1e}"#, #"{"a":tru}"#, #"{"a":NaN}"#,
            #"{"a":"\ud800"}"#, #"{"a":"\udc00x"}"#, #"{"a":"\x"}"#, #"{"a":"\u12"}"#, "{\"a\":\"tab\there\"}", #"{"a":"open}"#,
            #"{"a":1,"a":2}"#, #"{"a":[1,]}"#, #"{"a":[1 2]}"#, "", "   ", "{", #"{"a"}"#, #"{"a":}"#,
        ])
    func refused(_ body: String) {
        #expect(throws: JSONFields.ReadError.self) { try JSONFields(Array(body.utf8)) }
    }

    @Test("a repeated field name is refused, early or after many fields", arguments: [2, 8, 9, 40])
    func repeatedName(_ count: Int) throws {
        let distinct = (0..<count).map { #""f\#($0)":\#($0)"# }
        let body = "{" + distinct.joined(separator: ",") + "}"
        #expect(try JSONFields(Array(body.utf8)).fields.map(\.name) == (0..<count).map { "f\($0)" })
        let repeated = "{" + (distinct + [#""f1":"again""#]).joined(separator: ",") + "}"
        #expect(throws: JSONFields.ReadError.self) { try JSONFields(Array(repeated.utf8)) }
    }

    @Test("names equal only by Unicode canonical equivalence are two names, early or after many fields", arguments: [0, 20])
    func canonicallyEquivalentNames(_ padding: Int) throws {
        let others = (0..<padding).map { #""f\#($0)":0,"# }.joined()
        // "\u{E9}" and "e\u{301}" as raw UTF-8 in the body: one character to Swift's ==, two names to JSON.
        let body = "{" + others + "\"\u{E9}\":1,\"e\u{301}\":2}"
        let fields = try JSONFields(Array(body.utf8)).fields
        #expect(fields.count == padding + 2)
        #expect(fields.suffix(2).map { Array($0.name.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        #expect(try JSONFields(Array(body.utf8)).values.count == padding + 1, "`values` keeps the first of the two")
        let repeated = "{" + others + "\"e\u{301}\":1,\"e\u{301}\":2}"
        #expect(throws: JSONFields.ReadError.self) { try JSONFields(Array(repeated.utf8)) }
        // A repeat of the second spelling after the first is still a repeat, before and past the short list.
        let both = "{" + others + "\"\u{E9}\":1,\"e\u{301}\":2,\"e\u{301}\":3}"
        #expect(throws: JSONFields.ReadError.self) { try JSONFields(Array(both.utf8)) }
        let bothEarly = "{\"\u{E9}\":1,\"e\u{301}\":2," + others + "\"x\":0,\"e\u{301}\":3}"
        #expect(throws: JSONFields.ReadError.self) { try JSONFields(Array(bothEarly.utf8)) }
    }

    @Test("no value at all is refused, naming what the body holds")
    func noValue() {
        #expect(throws: JSONFields.ReadError(description: "the body is not valid JSON: the body is empty (at byte 0)")) {
            try JSONFields([])
        }
        #expect(throws: JSONFields.ReadError(description: "the body is not valid JSON: the body holds only whitespace (at byte 3)")) {
            try JSONFields(Array(" \n\t".utf8))
        }
    }

    @Test("a value that is not an object is refused as such")
    func notAnObject() {
        for body in ["[1]", "\"x\"", "3", "null"] {
            #expect(throws: JSONFields.ReadError(description: "the body must be a JSON object")) { try JSONFields(Array(body.utf8)) }
        }
    }

    @Test("invalid UTF-8 and NUL bytes are refused")
    func bytes() {
        #expect(throws: JSONFields.ReadError.self) { try JSONFields([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]) }
        #expect(throws: JSONFields.ReadError.self) { try JSONFields([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0x00, 0x22, 0x7D]) }
        #expect(throws: JSONFields.ReadError.self) { try JSONFields([0x7B, 0x00, 0x7D]) }
    }

    @Test("nesting is bounded, so a deep body is an error and not a stack overflow")
    func depth() throws {
        let ok =
            "{\"a\":" + String(repeating: "[", count: JSONFields.maxDepth - 1) + String(repeating: "]", count: JSONFields.maxDepth - 1)
            + "}"
        #expect(try JSONFields(Array(ok.utf8))["a"] == .array)
        let deep = "{\"a\":" + String(repeating: "[", count: 100_000) + "}"
        #expect(throws: JSONFields.ReadError.self) { try JSONFields(Array(deep.utf8)) }
    }

    @Test(
        "every string the writer writes reads back the same",
        arguments: [
            "", "plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{1F}\u{7F}\n\r\t\u{8}\u{C}", "한국어", "😀🇰🇷", "\u{2028}\u{2029}",
        ])
    func roundTrip(_ value: String) throws {
        var json = JSONWriter()
        json.beginObject()
        json.field("v", value)
        json.endObject()
        #expect(try JSONFields(json.bytes)["v"] == .string(value))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: String])
        #expect(parsed["v"] == value)
    }
}
