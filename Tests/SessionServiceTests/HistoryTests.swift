import Foundation
import Testing

@testable import SessionService

@Suite("history")
struct HistoryTests {
    @Test("written once per version and shared by the reads that follow; the next event's read has it")
    func sharedUntilTheNextEvent() throws {
        try withTestServer(clock: ManualClock(milliseconds: ManualClock.epoch)) { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#)
            let session = try #require(client.service.store.session(id))
            #expect(session.withLive { $1.preparedHistory == nil }, "nobody read the history yet")

            let first = try client.history(id)
            let pushA = historyEntry(2, ["type": "push", "screen": "A"], at: "2023-11-14T22:13:20.000Z")
            #expect(first.json == ["events": [pushA]] as NSDictionary, "got \(first.text)")
            // Kept for version 2, then answered from there: the same bytes.
            #expect(session.withLive { $1.preparedHistory?.version } == 2)
            #expect(try client.history(id).body == first.body)

            // An event drops it; the next read lists the event, and is kept for the new version.
            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            #expect(session.withLive { $1.preparedHistory == nil })
            let pushB = historyEntry(3, ["type": "push", "screen": "B"], at: "2023-11-14T22:13:20.000Z")
            #expect(try client.history(id).json == ["events": [pushA, pushB]] as NSDictionary)
            #expect(session.withLive { $1.preparedHistory?.version } == 3)
            // A HEAD is served like the GET, without the body.
            #expect(try client.request("HEAD", "/v1/sessions/\(id)/history").body.isEmpty)
        }
    }

    @Test("the wall clock set back: a version's time is never before the one before it")
    func wallClockStepBack() throws {
        let clock = ManualClock()
        try withTestServer(clock: clock) { client in
            let id = try client.createSession(app: "navigation")
            clock.advance(seconds: 2)
            try client.apply(id, #"{"type":"push","screen":"A"}"#)
            clock.stepWallClock(seconds: -3600)
            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            clock.stepWallClock(seconds: 3601)
            try client.apply(id, #"{"type":"push","screen":"C"}"#)
            #expect(
                try client.history(id).json == [
                    "events": [
                        historyEntry(2, ["type": "push", "screen": "A"], at: "2023-11-14T22:13:22.000Z"),
                        historyEntry(3, ["type": "push", "screen": "B"], at: "2023-11-14T22:13:22.000Z"),
                        historyEntry(4, ["type": "push", "screen": "C"], at: "2023-11-14T22:13:23.000Z"),
                    ]
                ] as NSDictionary)
        }
    }
}
