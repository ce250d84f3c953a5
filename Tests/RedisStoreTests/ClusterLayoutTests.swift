import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

/// A one-node Redis Cluster serving all 16384 slots refuses any command, transaction or script whose keys hash
/// to two slots (CROSSSLOT): every call succeeding here shows each touches one session's slot only.
@Suite("RedisSessionStore: the same layout on a Redis Cluster node", .redisServer(cluster: true))
struct ClusterLayoutTests {
    static let t0 = WriteScript.t0

    @Test("the node refuses keys of two slots, so the test can fail")
    func crossSlotRefused() throws {
        let server = try #require(RedisServer.current)
        let reply = try server.command("DEL", "ribsd:{one}:meta", "ribsd:{two}:meta")
        guard case let .error(message) = reply else {
            Issue.record("keys of two slots were taken: \(reply)")
            return
        }
        #expect(message.hasPrefix("CROSSSLOT"))
    }

    @Test("every change, the reads, the compare-and-set and pub/sub work on the cluster node")
    func everythingOnOneSlot() throws {
        try withStore { store in
            let script = try WriteScript(store)
            try script.expectHeld(by: store)
            let id = uniqueID("cluster")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            let heard = Heard()
            store.observeAppends { heard.add($0, $1) }
            store.subscribe(id)
            heard.waitFor(id, toReach: 1)
            let event = storedEvent(id, version: 2, at: Self.t0)
            #expect(
                try store.append(session: id, events: [event], answer: nil, dropAnswersThrough: nil, at: Self.t0, expecting: 1)
                    == .appended(version: 2))
            #expect(
                try store.append(session: id, events: [event], answer: nil, dropAnswersThrough: nil, at: Self.t0, expecting: 1)
                    == .conflict(current: 2))
            #expect(try store.events(of: id, after: 1) == [event])
            store.touch(id, atMilliseconds: Self.t0 + 7)
            try waitUntil("the touch is written") { try store.log(of: id)?.session.lastAccessAt == Self.t0 + 7 }
            #expect(heard.waitFor(id, toReach: 2) == [1, 2])
            #expect(store.statistics().errors == 0)
        }
    }
}
