import AppHosting
import HeadlessUI
import RIBs
import SessionService

/// What every push + pop pays before any routing, screen or state work: one RIB's objects made, linked the
/// way RIBs links them, watched by the leak detector after its detach, and released. A lower bound for the
/// push+pop row, measured rather than argued.
enum FloorBench {
    private final class FloorInteractor: Interactor, ScreenCloseListener {
        weak var listener: FloorInteractor?
        func screenDidClose() {}
    }

    private final class FloorViewController: BaseViewController {}

    private final class FloorRouter: ViewableRouter<FloorInteractor, FloorViewController> {}

    static func run() -> [Measurement] {
        let parent = FloorInteractor()
        let detector = LeakDetector()
        var results: [Measurement] = []
        results.append(
            Harness.measure("floor: a RIB's 3 objects + RIBs' weak links, made and released", note: "no tree, screen or state work") {
                blackHole(makeRIB(listener: parent).name.utf8.count)
            })
        results.append(
            Harness.measure(
                "floor: the same, bound and watched by the leak detector", note: "+ load (active-state binding), expectRelease, leaks()"
            ) {
                watchOne(listener: parent, detector: detector)
            })
        if let bound = lowerBound() { results.append(bound) }
        return results
    }

    /// The watched floor in a bare loop, for callgrind.
    static func profile(iterations: Int) {
        let parent = FloorInteractor()
        let detector = LeakDetector()
        for _ in 0..<iterations { watchOne(listener: parent, detector: detector) }
    }

    private static func makeRIB(listener: FloorInteractor) -> FloorRouter {
        let viewController = FloorViewController(screenName: "A")
        let interactor = FloorInteractor()
        interactor.listener = listener
        viewController.closeListener = interactor
        return FloorRouter(interactor: interactor, viewController: viewController, name: "A")
    }

    /// What a push+pop cannot do without, with nothing else: one RIB made, bound, watched and released (the floor
    /// above) and the two documents it answers with rendered from a session at each state (Home,A and Home).
    static func lowerBound(iterations: Int? = nil) -> Measurement? {
        let parent = FloorInteractor()
        let detector = LeakDetector()
        let pushed = AppBenches.loggedInLogin()
        let popped = AppBenches.loggedInLogin()
        guard (try? pushed.apply(.push(screen: "A"), now: 0)) == true else { return nil }
        let once = {
            watchOne(listener: parent, detector: detector)
            pushed.rerender()
            popped.rerender()
            blackHole(pushed.stateJSON.count &+ popped.stateJSON.count)
        }
        if let iterations {
            for _ in 0..<iterations { once() }
            return nil
        }
        return Harness.measure("lower bound: one RIB watched + both documents", note: "the floor + Home,A and Home rendered") { once() }
    }

    private static func watchOne(listener: FloorInteractor, detector: LeakDetector) {
        do {
            let router = makeRIB(listener: listener)
            router.load()
            detector.expectRelease(of: [router])
        }
        blackHole(detector.leaks().count)
    }
}
