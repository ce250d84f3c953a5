import Testing

@testable import HTTPServer

@Suite("RequestTarget: what a raw target may hold")
struct RequestTargetTests {
    /// Whether `bytes` (no NUL among them) hold a space or a control character, as `hasSpaceOrControl` reads them.
    private func scan(_ bytes: [UInt8]) -> Bool {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { RequestTarget.hasSpaceOrControl($0.baseAddress!, count: bytes.count) }
        }
    }

    @Test("every byte value at every position of targets from 1 to 24 bytes: found exactly when it is below 0x21 or 0x7F")
    func everyByteAtEveryPosition() {
        // Eight bytes at a time, then one at a time: lengths past three words cover both, and a byte with its
        // top bit set beside the one tried checks that no neighbour is taken for a control character.
        for length in 1...24 {
            for position in 0..<length {
                for value in UInt8(1)...UInt8(255) {
                    var target = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    target[(position + 1) % length] = 0xC3
                    target[position] = value
                    let expected = value <= 0x20 || value == 0x7F
                    if scan(target) != expected {
                        Issue.record("byte \(value) at \(position) of \(length): \(expected ? "missed" : "taken for a control")")
                    }
                }
            }
        }
    }

    @Test("a target of URI characters and UTF-8 bytes only holds none")
    func uriCharactersAndUTF8() {
        #expect(!scan(Array("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA/events?since=12&x=%20~!$&'()*+,;=:@".utf8)))
        #expect(!scan(Array("/h\u{E9}llo/w\u{F6}rld/\u{1F600}/0123456789abcdef".utf8)))
        #expect(!scan([]))
    }
}
