import AppHosting
import HeadlessUI
import RIBs

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
        results.append(Harness.measure("floor: a RIB's 3 objects + RIBs' weak links, made and released", note: "no tree, screen or state work") {
            let viewController = FloorViewController(screenName: "A")
            let interactor = FloorInteractor()
            interactor.listener = parent
            viewController.closeListener = interactor
            let router = FloorRouter(interactor: interactor, viewController: viewController, name: "A")
            blackHole(router.name.utf8.count)
        })
        results.append(Harness.measure("floor: the same, bound and watched by the leak detector", note: "+ load (active-state binding), expectRelease, leaks()") {
            do {
                let viewController = FloorViewController(screenName: "A")
                let interactor = FloorInteractor()
                interactor.listener = parent
                viewController.closeListener = interactor
                let router = FloorRouter(interactor: interactor, viewController: viewController, name: "A")
                router.load()
                detector.expectRelease(of: [router])
            }
            blackHole(detector.leaks().count)
        })
        return results
    }
}
