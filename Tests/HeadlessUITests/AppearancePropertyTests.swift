import HeadlessUI
import TestSupport
import Testing

// Unit tests pin the orders someone thought of; random sequences of pushes, pops, presentations, dismissals,
// containment and window changes reach the orders no one did. After every step: each controller heard every
// coming and going once, its "why" flags were up only during its own call, and it is visible exactly when the
// windows show it (worked out apart from the model). The seeds are fixed, so a failure replays, and it comes
// with the sequence shrunk to the few steps that still break the property, written as code for a unit test.

/// Random sequences of screen changes, checked after every step against the appearance properties UIKit keeps.
@Suite("appearance properties hold over random sequences of screen changes")
struct AppearancePropertyTests {
    // ThreadSanitizer makes each step many times slower and adds nothing here (one thread): a tenth of the
    // sequences still runs every kind of step.
    // Long sequences reach the deeper states (a close handler popping a container out of a dismissed stack under
    // its sibling needs a few dozen steps to set up).
    private static let sequences = runningUnderThreadSanitizer ? 40 : 400
    private static let length = 80

    private func check(_ mode: AppearanceMode, seed: UInt64) {
        let check = PropertyCheck(mode: mode, seed: seed, sequences: Self.sequences, length: Self.length)
        for failure in check.failures() { Issue.record("\(failure)") }
    }

    @Test("embedding free controllers only, every controller hears each coming and going once and is visible exactly when shown")
    func stricter() { check(.stricter, seed: 0x5EED_0001) }

    @Test(
        "moving children between plain containers too, every controller hears each coming and going once and is visible exactly when shown")
    func strict() { check(.strict, seed: 0x5EED_0002) }

    @Test("with addChild and removeFromParent changing navigation stacks directly, the appearance calls still follow the screen")
    func navAddChild() { check(.navAddChild, seed: 0x5EED_0003) }

    @Test("with close handlers that pop or dismiss when their screen is dismissed, the appearance calls still follow the screen")
    func appLike() { check(.appLike, seed: 0x5EED_0004) }

    @Test("with app code changing the screen from inside any appearance call, the calls still follow the screen once it settles")
    func reentrant() { check(.reentrant, seed: 0x5EED_0005) }

    @Test("with any controller offered to addChild and to a window as its root, refusals change nothing and the calls follow the screen")
    func loose() { check(.loose, seed: 0x5EED_0006) }

    @Test("with tab bars made, given new tabs and selected by app code and by the user, the appearance calls still follow the screen")
    func tabs() { check(.tabs, seed: 0x5EED_0007) }

    @Test(
        "with tab bars changed from inside any appearance call and by containment calls, the calls still follow the screen once it settles")
    func tabsReentrant() { check(.tabsReentrant, seed: 0x5EED_0008) }
}
