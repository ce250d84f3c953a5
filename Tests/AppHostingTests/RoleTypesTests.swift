import Dispatch
import Locking
import RIBs
import Testing

@testable import AppHosting

@Suite("RoleTypes: an interactor type's roles, learned once")
struct RoleTypesTests {
    private final class Plain<Tag>: Interactor {}
    private final class Handling<Tag>: Interactor, EventHandling {
        var acceptedEvents: [EventType] { [] }
        func handle(_ event: AppEvent) throws(EventError) -> Bool { false }
    }
    private final class Exposing<Tag>: Interactor, StateExposing {
        var exposedState: [(key: String, value: String)] { [] }
    }
    private final class Both<Tag>: Interactor, EventHandling, StateExposing {
        var acceptedEvents: [EventType] { [] }
        func handle(_ event: AppEvent) throws(EventError) -> Bool { false }
        var exposedState: [(key: String, value: String)] { [] }
    }
    private enum Wrap<Inner> {}

    /// One interactor of each of the four kinds, of a type made at run time for `Tag` (so each depth is new).
    private static func interactors<Tag>(depth: Int, _: Tag.Type) -> [(any Interactable, handles: Bool, exposes: Bool)] {
        if depth > 0 { return interactors(depth: depth - 1, Wrap<Tag>.self) }
        return [(Plain<Tag>(), false, false), (Handling<Tag>(), true, false), (Exposing<Tag>(), false, true), (Both<Tag>(), true, true)]
    }

    @Test("each of 160 types gets its own roles, learned by 4 threads at once and read again, past the 64 it remembers")
    func manyTypesFromManyThreads() {
        let depths = 40
        let wrong = Lock(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var mistakes = 0
            for round in 0..<2 {
                // The threads go through the types in different orders, so they race for the same slots.
                for offset in 0..<depths {
                    let depth = (offset * (thread + 1) + round) % depths
                    for (interactor, handles, exposes) in Self.interactors(depth: depth, Int.self) {
                        let roles = RoleTypes.roles(of: interactor)
                        if roles.handles != handles || roles.exposes != exposes { mistakes += 1 }
                    }
                }
            }
            wrong.withLock { $0 += mistakes }
        }
        #expect(wrong.withLock { $0 } == 0)
    }
}
