import Foundation
import HTTPServer
import SessionService
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("GET /v1/sessions/<id>/stream: live state as server-sent events")
struct StreamTests {
    @Test("the state on connect, then every change in order with id = version; a no-op sends nothing")
    func stateThenChanges() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "login")
            let initial = try client.state(id)
            let watcher = try EventStreamClient(port: client.port)
            let head = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(head.header("Cache-Control") == "no-store")
            let first = try watcher.next()
            #expect(first.event == "state" && first.id == "1")
            #expect(first.data == initial.text, "the stream carries the same bytes as GET")

            var answers: [String] = []
            for event in [
                #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#,
                #"{"type":"didPop","screen":"B"}"#, #"{"type":"present","screen":"Profile"}"#,
            ] {
                let response = try client.send(id, event)
                try #require(response.status == 200, "\(event): \(response.text)")
                answers.append(response.text)
            }
            // The didPop of a screen not on the stack changed nothing: versions 2, 3, then 4.
            for (version, answer) in zip(2...4, [answers[0], answers[1], answers[3]]) {
                let event = try watcher.next()
                #expect(event.event == "state" && event.id == String(version))
                #expect(event.data == answer)
            }
            let state = try JSONSerialization.jsonObject(with: Data(watcher.lastData.utf8)) as? NSDictionary
            #expect(state?["top"] as? String == "Profile")
        }
    }

    @Test("Last-Event-ID: nothing re-sent when current; the current state at once when older")
    func resume() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)

            // Up to date (version 3): the first frame is the next change, not a repeat.
            let current = try EventStreamClient(port: client.port)
            _ = try current.open("/v1/sessions/\(id)/stream", headers: [("Last-Event-ID", "3")])
            try client.apply(id, #"{"type":"pop"}"#)
            let next = try current.next()
            #expect(next.id == "4")
            #expect(next.data == (try client.state(id)).text)

            // Behind (saw version 2, missed 3 and 4): the current snapshot closes the gap at once.
            for (name, value) in [("Last-Event-ID", "2"), ("", "lastEventId=2")] {
                let behind = try EventStreamClient(port: client.port)
                let target = "/v1/sessions/\(id)/stream" + (name.isEmpty ? "?\(value)" : "")
                _ = try behind.open(target, headers: name.isEmpty ? [] : [(name, value)])
                let caughtUp = try behind.next()
                #expect(caughtUp.event == "state" && caughtUp.id == "4")
                #expect(caughtUp.data == (try client.state(id)).text)
            }
        }
    }

    @Test("DELETE ends the stream: an end event with the reason, then the body closes")
    func endOnDelete() throws {
        try withTestServer { client in
            let id = try client.createSession()
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "1")
            #expect(try client.delete(id).status == 204)
            let end = try watcher.next()
            #expect(end.event == "end" && end.data == #"{"reason":"deleted"}"#)
            #expect(try watcher.atEnd())
            expectProblem(try client.get("/v1/sessions/\(id)/stream"), status: 404, code: "session_not_found")
        }
    }

    @Test("expiry ends the stream with reason expired; an unknown session is a 404 problem")
    func endOnExpiry() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10), clock: clock) { client in
            let id = try client.createSession(app: "todo")
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "1")
            clock.advance(seconds: 11)
            #expect(client.service.expireIdleSessions() == 1)
            let end = try watcher.next()
            #expect(end.event == "end" && end.data == #"{"reason":"expired"}"#)
            #expect(try watcher.atEnd())
            expectProblem(
                try client.get("/v1/sessions/nosuchsession0000000000/stream"), status: 404,
                code: "session_not_found")
        }
    }

    @Test("HEAD of a stream: headers only, then the connection closes at once (nothing can follow a body-less answer there)")
    func headClosesTheConnection() throws {
        // One stream at most: the GET at the end opens only if the HEAD's slot was given back.
        let server = ServerConfiguration(port: 0, threads: 2, idleTimeout: 30, maxStreams: 1, streamHeartbeatInterval: .milliseconds(200))
        try withTestServer(server: server) { client in
            let id = try client.createSession()
            let watcher = try EventStreamClient(port: client.port)
            let head = try watcher.open("/v1/sessions/\(id)/stream", method: "HEAD")
            #expect(head.status == 200 && head.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(head.header("Connection") == "close")
            #expect(head.header("Transfer-Encoding") == nil)
            // Not one byte after the head (MHD would end a chunked answer with its last chunk, even for HEAD), and
            // closed long before the 30 s idle timeout.
            let start = ContinuousClock.now
            let rest = watcher.bytesUntilClose()
            #expect(rest == [], "after the head: \(rest.map { String(decoding: $0, as: UTF8.self) } ?? "still open after 10 s")")
            #expect(ContinuousClock.now - start < .seconds(5))
            #expect(client.service.sessionCount == 1)
            // The stream's slot is free again: a GET stream still opens.
            let again = try EventStreamClient(port: client.port)
            #expect(try again.open("/v1/sessions/\(id)/stream").status == 200)
        }
    }

    @Test("a watcher that reads too slowly skips to the newest state instead of being cut off")
    func slowReaderSkipsAhead() throws {
        // A watcher that stops reading is cut off once its writes stall for the stream's timeout (the idle
        // timeout here): longer than a busy machine may take to publish the frames below.
        let server = ServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, idleTimeout: 600)
        try withTestServer(server: server) { client in
            let id = try client.createSession(app: "navigation")
            let watcher = try EventStreamClient(port: client.port, receiveBuffer: 4096)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "1")
            // The watcher reads nothing while ~5 MB of frames are published: more than the sockets hold and
            // the stream's 1 MiB buffer together.
            for _ in 0..<6_000 {
                try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#)
            }
            let final = try #require(try client.state(id).etagVersion)
            var seen: [Int] = []
            while seen.last != final { seen.append(Int(try watcher.next().id ?? "") ?? -1) }
            #expect(seen == seen.sorted() && Set(seen).count == seen.count, "versions out of order or repeated")
            #expect(seen.count < final - 1, "nothing was skipped: the test did not fill the buffers")
            #expect(watcher.lastData == (try client.state(id)).text)
            // Still open and current.
            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            #expect(try watcher.next().id == String(final + 1))
        }
    }

    @Test("once the streams are ended for a stop, a new one is refused 503 shutting_down, not opened without its end")
    func noStreamAfterEndStreams() throws {
        try withTestServer { client in
            let id = try client.createSession()
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "1")
            client.service.endStreams()
            let end = try watcher.next()
            #expect(end.event == "end" && end.data == #"{"reason":"shutdown"}"#)
            let late = try client.get("/v1/sessions/\(id)/stream")
            expectProblem(late, status: 503, code: "shutting_down")
            // The session itself is still there for requests in flight until the server closes it.
            #expect(try client.state(id).status == 200)
        }
    }

    @Test("concurrent writers: a watcher sees every version exactly once, in order")
    func concurrentWriters() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "1")
            let port = client.port
            let service = client.service
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                let writer = ServiceClient(port: port, service: service)
                for round in 0..<10 {
                    let event =
                        round % 2 == 0
                        ? #"{"type":"push","screen":"\#(["A", "B", "C", "A"][worker])"}"#
                        : #"{"type":"pop"}"#
                    _ = try? writer.send(id, event)
                }
            }
            let final = try #require(try client.state(id).etagVersion)
            var seen: [Int] = []
            while seen.last != final { seen.append(Int(try watcher.next().id ?? "") ?? -1) }
            #expect(seen == Array(2...final))
        }
    }
}

/// A blocking `text/event-stream` reader over one HTTP/1.1 connection (de-chunks, then splits events).
final class EventStreamClient {
    struct Event {
        var event = "message"
        var id: String?
        var data = ""
    }

    struct Head {
        let status: Int
        let headers: [(name: String, value: String)]
        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    private let fd: Int32
    private var raw: [UInt8] = []
    /// De-chunked body bytes; those before `textStart` are consumed. (Bytes and an offset, not a `String` cut at
    /// the front: a chunk may hold a hundred frames, and cutting a long string for each of them is quadratic.)
    private var text: [UInt8] = []
    private var textStart = 0
    private var ended = false
    private(set) var lastData = ""

    /// Connects; `receiveBuffer` shrinks the socket's receive buffer (a client that can hold little unread).
    init(port: UInt16, receiveBuffer: Int32? = nil) throws {
        let (socketFD, code) = LoopbackSocket.connect(port: port, timeout: 10, receiveBuffer: receiveBuffer)
        guard socketFD >= 0 else { throw ClientError("connect: errno \(code)") }
        fd = socketFD
    }

    deinit { close(fd) }

    func open(_ target: String, method: String = "GET", headers: [(String, String)] = []) throws -> Head {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        let bytes = Array((request + "\r\n").utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
        else { throw ClientError("send failed") }
        var end = HTTPHead.end(in: raw)
        while end == nil {
            try fill()
            end = HTTPHead.end(in: raw)
        }
        guard let parsed = HTTPHead(raw[0..<end!]) else { throw ClientError("bad status line") }
        raw.removeFirst(end! + 4)
        return Head(status: parsed.status, headers: parsed.headers)
    }

    /// The next event (comments and `retry` skipped).
    func next() throws -> Event {
        while true {
            while let end = Self.blankLine(in: text, from: textStart) {
                let block = String(decoding: text[textStart..<end], as: UTF8.self)
                textStart = end + 2
                if textStart == text.count {
                    text.removeAll(keepingCapacity: true)
                    textStart = 0
                }
                var event = Event()
                var data: [Substring] = []
                for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("event: ") { event.event = String(line.dropFirst(7)) }
                    if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                    if line.hasPrefix("data: ") { data.append(line.dropFirst(6)) }
                }
                guard !data.isEmpty else { continue }
                event.data = data.joined(separator: "\n")
                lastData = event.data
                return event
            }
            guard try readChunk() else {
                throw ClientError("stream ended; unread: \(String(decoding: text[textStart...], as: UTF8.self))")
            }
        }
    }

    /// The bytes left after what was parsed, read until the server closes the connection; nil if it did not
    /// within the socket's receive timeout.
    func bytesUntilClose() -> [UInt8]? {
        var rest = raw
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return rest }
            if count < 0 { return errno == ECONNRESET ? rest : nil }
            rest += chunk[0..<count]
        }
    }

    /// True when the chunked body has ended with nothing but comments left.
    func atEnd() throws -> Bool {
        while try readChunk() {}
        return !String(decoding: text[textStart...], as: UTF8.self).contains("data:")
    }

    private func readChunk() throws -> Bool {
        if ended { return false }
        var lineEnd: Int?
        while lineEnd == nil {
            lineEnd = raw.indices.dropLast().first { raw[$0] == 13 && raw[$0 + 1] == 10 }
            if lineEnd == nil { try fill() }
        }
        guard let size = Int(String(decoding: raw[0..<lineEnd!], as: UTF8.self), radix: 16) else {
            throw ClientError("bad chunk header")
        }
        while raw.count < lineEnd! + 4 + size { try fill() }
        text += raw[(lineEnd! + 2)..<(lineEnd! + 2 + size)]
        raw.removeFirst(lineEnd! + 4 + size)
        ended = size == 0
        return !ended
    }

    /// Where the first `\n\n` at or after `start` begins.
    private static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 10 && bytes[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw ClientError(count == 0 ? "connection closed" : "recv: errno \(errno)") }
        raw.append(contentsOf: chunk[0..<count])
    }
}
