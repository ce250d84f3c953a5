import Testing

@testable import HTTPServer

@Suite("StreamBody: what a client that falls behind gets")
struct StreamBodyTests {
    /// Reads up to `capacity` bytes the way MHD's content reader does.
    private func read(_ stream: StreamBody, capacity: Int) -> (StreamBody.ReadResult, String) {
        var buffer = [UInt8](repeating: 0, count: capacity)
        let result = buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, capacity: capacity) }
        guard case let .bytes(count) = result else { return (result, "") }
        return (result, String(decoding: buffer[..<count], as: UTF8.self))
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("a read takes message after message up to its capacity, in order")
    func readsAcrossMessages() {
        let stream = StreamBody(maxBufferedBytes: 100)
        #expect(stream.send(bytes("ab")) && stream.send(bytes("cd")) && stream.send(bytes("ef")))
        #expect(read(stream, capacity: 3).1 == "abc")
        #expect(read(stream, capacity: 100).1 == "def")
    }

    @Test("keepLatest: past the limit the messages not started give way to the newest; the one being sent is finished")
    func keepLatestSkipsAhead() {
        let stream = StreamBody(maxBufferedBytes: 10, overflow: .keepLatest)
        #expect(stream.send(bytes("aaaa")) && stream.send(bytes("bbbb")))
        #expect(read(stream, capacity: 2).1 == "aa")
        // 2 left of "aaaa" + "bbbb" + "cccc" = 10: still fits.
        #expect(stream.send(bytes("cccc")))
        // + "dddd" would be 14: "bbbb" and "cccc" go, "aa" (begun) stays.
        #expect(stream.send(bytes("dddd")))
        #expect(read(stream, capacity: 100).1 == "aadddd")
        #expect(stream.isOpen)
        // A message over the limit by itself is still the newest state: kept, not a failed stream.
        #expect(stream.send(bytes("ffff")))
        #expect(read(stream, capacity: 1).1 == "f")
        #expect(stream.send(bytes("eeeeeeeeeeee")))
        #expect(read(stream, capacity: 100).1 == "fffeeeeeeeeeeee")
        #expect(stream.isOpen)
        // Beyond keepLatestLimit times the limit even the newest is not kept.
        #expect(!stream.send([UInt8](repeating: 0x67, count: 10 * StreamBody.keepLatestLimit + 1)))
        #expect(read(stream, capacity: 100).0 == .error)
    }

    @Test("a reader that stays one message behind gets every byte in order, however many messages pass")
    func steadyReader() {
        let stream = StreamBody(maxBufferedBytes: 100, overflow: .keepLatest)
        var received = ""
        var sent = ""
        #expect(stream.send(bytes("m0;")))
        sent += "m0;"
        for index in 1...1_000 {
            let message = "m\(index);"
            #expect(stream.send(bytes(message)))
            sent += message
            // One message read per message sent: the queue never empties.
            received += read(stream, capacity: 2 + String(index - 1).count).1
        }
        // The slots of messages already taken are dropped now and then, not kept one per message.
        #expect(stream.queueSlots <= 130, "slots \(stream.queueSlots)")
        received += read(stream, capacity: 100).1
        #expect(received == sent)
    }

    @Test("fail: past the limit the buffer is dropped and the next read ends the stream with an error")
    func failEndsTheStream() {
        let stream = StreamBody(maxBufferedBytes: 10)
        #expect(stream.send(bytes("aaaa")) && stream.send(bytes("bbbb")))
        #expect(read(stream, capacity: 2).1 == "aa")
        #expect(stream.send(bytes("cccc")))
        #expect(!stream.send(bytes("dddd")))
        #expect(!stream.isOpen)
        #expect(read(stream, capacity: 100).0 == .error)
    }
}
