import AppHosting
import Foundation
import Testing

@Suite("JSONWriter writes exactly the JSON it is told")
struct JSONWriterTests {
    @Test(
        "integers at the edges print as Foundation prints them",
        arguments: [0, 1, -1, 9, 10, 99, 100, -100, 1_234_567_890, Int.max, Int.min])
    func integers(_ value: Int) throws {
        var json = JSONWriter(capacity: 4)
        json.beginArray()
        json.int(value)
        json.endArray()
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[\(value)]")
    }

    @Test("constant keys, literals, nesting and commas make one document")
    func document() throws {
        var json = JSONWriter(capacity: 1)
        json.beginObject()
        json.field("name", "Home")
        json.key("active")
        json.bool(true)
        json.key("off")
        json.bool(false)
        json.key("top")
        json.null()
        json.key("list")
        json.strings(["A", "B"])
        json.key("nested")
        json.beginArray()
        json.beginObject()
        json.field("version", 12)
        json.endObject()
        json.beginObject()
        json.endObject()
        json.beginObject(fields: Array(#""name":"A","active":"#.utf8))
        json.bool(true)
        json.endObject()
        json.endArray()
        json.key(named: "data \"key\"")
        json.raw(Array("[1,2]".utf8))
        json.endObject()
        #expect(
            String(decoding: json.bytes, as: UTF8.self)
                == #"{"name":"Home","active":true,"off":false,"top":null,"list":["A","B"],"nested":[{"version":12},{},{"name":"A","active":true}],"data \"key\"":[1,2]}"#
        )
    }

    @Test("a value written again is the same bytes, after a comma, even when the buffer grows to hold it")
    func repeatedValue() throws {
        var json = JSONWriter(capacity: 16)
        json.beginObject()
        json.key("layers")
        let start = json.count
        json.strings(["Home", "A", "a screen with a long name"])
        let written = start..<json.count
        json.key("stack")
        json.repeatValue(at: written)
        json.key("again")
        json.beginArray()
        json.repeatValue(at: written)
        json.repeatValue(at: written)
        json.endArray()
        json.endObject()
        let list = #"["Home","A","a screen with a long name"]"#
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"layers":\#(list),"stack":\#(list),"again":[\#(list),\#(list)]}"#)
    }

    @Test("strings, keys and raw values of every length from 0 to 40 are copied byte for byte")
    func everyLength() throws {
        // Short runs are copied word-wise, in overlapping halves: each length takes its own path and ends.
        for length in 0...40 {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            var json = JSONWriter(capacity: 1)
            json.beginObject()
            json.field(named: text, text)
            json.key("raw")
            json.raw(Array("\"\(text)\"".utf8))
            json.endObject()
            #expect(String(decoding: json.bytes, as: UTF8.self) == "{\"\(text)\":\"\(text)\",\"raw\":\"\(text)\"}", "length \(length)")
        }
    }

    @Test("each event type is written as the JSON string of its name, a declared one escaped")
    func eventTypeConstants() throws {
        let types = EventType.builtIn + [.declared("placeMark"), .declared("a\"b")]
        var json = JSONWriter(capacity: 8)
        json.beginArray()
        for type in types { type.write(to: &json) }
        json.endArray()
        let names = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
        #expect(names == types.map(\.rawValue))
    }
}
