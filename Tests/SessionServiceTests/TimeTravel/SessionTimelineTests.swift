import AppHosting
import Testing

@testable import SessionService

@Suite("session timeline")
struct SessionTimelineTests {
    static let header = Array(#"{"session":"s","app":"a","version":"#.utf8)

    /// Version `version`'s document, its fields drawn from `seed`: some versions share long stretches, some not.
    static func document(_ version: Int, seed: Int) -> [UInt8] {
        let stack = (0..<(seed % 7)).map { "\"S\($0)\"" }.joined(separator: ",")
        return header + Array("\(version),\"stack\":[\(stack)],\"note\":\"\(String(repeating: "x", count: seed % 13))\"}".utf8)
    }

    @Test("every version reads back byte for byte, across checkpoints; taken-back versions are forgotten and replaced")
    func readsAndTruncates() {
        var documents = [Self.document(1, seed: 0)]
        var timeline = SessionTimeline(first: documents[0], headerLength: Self.header.count)
        for version in 2...100 {
            documents.append(Self.document(version, seed: version * 31 % 17))
            timeline.append(documents[version - 1])
        }
        #expect(timeline.lastVersion == 100)
        for version in 1...100 { #expect(timeline.document(at: version) == documents[version - 1], "version \(version)") }
        let held = timeline.heldBytes

        timeline.truncate(after: 40)
        #expect(timeline.lastVersion == 40 && timeline.heldBytes < held)
        for version in 41...70 {
            documents[version - 1] = Self.document(version, seed: version * 7 % 11)
            timeline.append(documents[version - 1])
        }
        for version in 1...70 { #expect(timeline.document(at: version) == documents[version - 1], "version \(version)") }
        timeline.truncate(after: 1)
        #expect(timeline.lastVersion == 1 && timeline.document(at: 1) == documents[0])
    }

    @Test("JSON values: what the reader refuses, and numbers written back as read")
    func jsonValues() throws {
        for bad in ["", "{", "[1,]", "01", "1.", "-", "\"\\x\"", "\"\\ud800\"", "{\"a\" 1}", "tru", "1 2", "\"a\nb\""] {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") { try JSONValue(parsing: Array(bad.utf8)) }
        }
        let value = try JSONValue(parsing: Array(#" {"n": -1.5e3, "s": "\u00e9\ud83d\ude00", "a": [true, null, 0]} "#.utf8))
        var json = JSONWriter()
        value.write(to: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"n":-1.5e3,"s":"é😀","a":[true,null,0]}"#)
        #expect(value["a"] == .array([.bool(true), .null, .number("0")]) && value["n"]?.int == nil)
    }
}
