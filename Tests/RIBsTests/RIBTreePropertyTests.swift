import TestSupport
import Testing

// Unit tests pin the orders someone thought of; random sequences of attaches, detaches, pushes, pops,
// presentations, dismissals, user gestures, activity flips and released references reach the orders no one
// did. After every step: the tree is a tree, each interactor is active exactly where RIBs says it must be and
// heard its hooks in turn, each router loaded once, what lives is what the app holds, `leaks()` lists exactly
// what was detached and lives (and the views of inactive RIBs left up), and a host context kept from the attaches
// and detaches it was told of lists its router's children, all worked out apart from RIBs. The
// seeds are fixed, so a failure replays, and it comes shrunk to the few steps that still break the property.

/// Random sequences of changes to a launched RIB tree, checked after every step against RIBs' properties.
@Suite("RIB tree properties hold over random sequences of attaches, detaches and navigation")
struct RIBTreePropertyTests {
    // ThreadSanitizer makes each step many times slower and adds nothing here (one thread): a tenth of the
    // sequences still runs every kind of step.
    private static let sequences = runningUnderThreadSanitizer ? 20 : 200
    private static let length = 40

    private func check(_ mode: TreeMode, seed: UInt64) {
        for failure in mode.search(seed: seed, sequences: Self.sequences, length: Self.length).failures() {
            Issue.record("\(failure)")
        }
    }

    @Test("attaching, detaching, flipping activity and letting go: activity, loading, releases and leaks follow the tree")
    func tree() { check(.tree, seed: 0x71EE_0001) }

    @Test("with screens pushed, presented, popped and dismissed, and some left behind: leaks() names exactly them")
    func navigation() { check(.navigation, seed: 0x71EE_0002) }

    @Test("with screens kept in step as the built-in apps keep them: a RIB's view is up exactly while it is attached")
    func appLike() { check(.appLike, seed: 0x71EE_0003) }

    @Test("with app code changing the tree and the screen from inside any callback, every property still holds")
    func reentrant() { check(.reentrant, seed: 0x71EE_0004) }
}
