import Testing

@testable import RibsdClient

@Suite("ServerSentEventParser: the event-stream format, in pieces of any size")
struct ServerSentEventParserTests {
    /// What ribsd sends on connecting, then a heartbeat, a change and the end.
    static let stream = Array(
        """
        retry: 1000

        event: state
        id: 1
        data: {"version":1}

        : heartbeat

        event: state
        id: 2
        data: {"version":2}

        event: end
        data: {"reason": "deleted"}


        """.utf8)

    static let expected = [
        ServerSentEvent(event: "state", data: #"{"version":1}"#, id: "1"),
        ServerSentEvent(event: "state", data: #"{"version":2}"#, id: "2"),
        ServerSentEvent(event: "end", data: #"{"reason": "deleted"}"#, id: "2"),
    ]

    @Test("the same events whatever the pieces: whole, byte by byte, in pieces of 7")
    func pieces() {
        for size in [Self.stream.count, 1, 7] {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var rest = Self.stream[...]
            while !rest.isEmpty {
                events += parser.feed(rest.prefix(size))
                rest = rest.dropFirst(size)
            }
            #expect(events == Self.expected, "pieces of \(size)")
            #expect(parser.reconnectionTime == 1000)
        }
    }

    @Test("CRLF, CR and LF all end lines, a CRLF split between pieces ends one; data lines join with newlines")
    func lineEnds() {
        var parser = ServerSentEventParser()
        var events = parser.feed(Array("data: a\r".utf8))
        events += parser.feed(Array("\ndata:b\rdata:  c\n\r\n".utf8))
        #expect(events == [ServerSentEvent(event: "message", data: "a\nb\n c", id: nil)])
    }

    @Test("a frame without data dispatches nothing, and a bad retry is ignored")
    func noData() {
        var parser = ServerSentEventParser(reconnectionTime: 500)
        #expect(parser.feed(Array("event: state\nid: 9\n\nretry: soon\n\n".utf8)).isEmpty)
        #expect(parser.reconnectionTime == 500)
        #expect(parser.feed(Array("data: x\n\n".utf8)) == [ServerSentEvent(event: "message", data: "x", id: "9")])
    }
}
