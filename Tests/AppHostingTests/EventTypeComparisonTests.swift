import AppHosting
import Testing

@Suite("EventType: compared, named and written without comparing names where the case tells")
struct EventTypeComparisonTests {
    @Test("each built-in type equals itself and no other one", arguments: EventType.builtIn)
    func builtInEquality(type: EventType) {
        for other in EventType.builtIn {
            #expect((type == other) == (type.rawValue == other.rawValue))
        }
        #expect(type != .declared("roll"))
    }

    @Test("declared types are equal by name, byte for byte, and hash alike when equal")
    func declaredEquality() {
        #expect(EventType.declared("roll") == .declared("roll"))
        #expect(EventType.declared("roll") != .declared("Roll"))
        #expect(EventType.declared("roll").hashValue == EventType.declared("roll").hashValue)
        #expect(Set([EventType.declared("roll"), .declared("roll"), .push, .push]).count == 2)
    }

    @Test("a declared type named as a built-in one compares by name, as it always did (no declaration takes one)")
    func declaredWithABuiltInName() {
        #expect(EventType.declared("push") == .push)
        #expect(EventType.push == .declared("push"))
        #expect(EventType.declared("push").hashValue == EventType.push.hashValue)
        #expect(EventType.declared("push") != .pop)
    }

    @Test("the nine names give their types, any other name none", arguments: EventType.builtIn)
    func named(type: EventType) {
        #expect(EventType(named: type.rawValue) == type)
        #expect(EventType(named: type.rawValue + " ") == nil)
        #expect(EventType(named: type.rawValue.uppercased()) == nil)
    }

    @Test("written as JSON strings: a built-in name as is, a declared one escaped")
    func written() {
        var json = JSONWriter()
        json.beginArray()
        for type in EventType.builtIn { type.write(to: &json) }
        EventType.declared("say \"hi\"").write(to: &json)
        json.endArray()
        let names = EventType.builtIn.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        #expect(json.withBytes { String(decoding: $0, as: UTF8.self) } == "[\(names),\"say \\\"hi\\\"\"]")
    }
}
