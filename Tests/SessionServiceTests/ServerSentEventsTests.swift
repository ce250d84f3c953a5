import Testing

@testable import SessionService

@Suite("server-sent event frames")
struct ServerSentEventsTests {
    @Test("each line of the data is a data field; CR LF, CR and LF are each one line break, as SSE reads them")
    func lineBreaks() {
        let frame = ServerSentEvents.frame(event: "state", id: "7", data: Array("a\r\nb\rc\nd".utf8))
        #expect(String(decoding: frame, as: UTF8.self) == "event: state\nid: 7\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
        let empty = ServerSentEvents.frame(event: "end", id: nil, data: Array("\r\n".utf8))
        #expect(String(decoding: empty, as: UTF8.self) == "event: end\ndata: \ndata: \n\n")
    }
}
