import Testing

@testable import RibsdClient

@Suite("StreamProgress: each version given out once, in order, across connections")
struct StreamProgressTests {
    private func frame(_ version: Int) -> ServerSentEvent {
        let state = #"""
            {"session":"S","app":"navigation","version":\#(version),"tree":{"name":"Root","kind":"launch","active":true,"children":[]},"layers":[],"stack":[],"top":null,"accepts":[],"leaks":[]}
            """#
        return ServerSentEvent(event: "state", data: state, id: String(version))
    }

    private func versions(_ progress: inout StreamProgress, _ frames: [ServerSentEvent]) throws -> [Int] {
        try frames.compactMap { frame in
            if case .state(let state) = try progress.take(frame) { return state.version }
            return nil
        }
    }

    @Test("a version already given out, or older, is skipped; a jump is not")
    func skipsRepeats() throws {
        var progress = StreamProgress(after: nil)
        #expect(try versions(&progress, [frame(1), frame(2), frame(2), frame(1), frame(5), frame(4), frame(6)]) == [1, 2, 5, 6])
        #expect(progress.lastVersion == 6)
        var resumed = StreamProgress(after: 3)
        #expect(try versions(&resumed, [frame(3), frame(4)]) == [4])
    }

    @Test("the end frame names its reason; other events are skipped; a state that does not decode is an error")
    func endAndJunk() throws {
        var progress = StreamProgress(after: nil)
        guard case .end(let reason) = try progress.take(ServerSentEvent(event: "end", data: #"{"reason":"deleted"}"#, id: "1")) else {
            Issue.record("not an end")
            return
        }
        #expect(reason == .deleted)
        guard case .skip = try progress.take(ServerSentEvent(event: "message", data: "x", id: nil)) else {
            Issue.record("not skipped")
            return
        }
        #expect(throws: RibsdError.self) { try progress.take(ServerSentEvent(event: "state", data: "{}", id: "1")) }
    }
}
