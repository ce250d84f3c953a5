import AppHosting
import HeadlessUI
import RIBs

/// What HomeFlow tells Root.
protocol HomeFlowListener: AnyObject {
    func homeFlowDidRequestLogout() throws(EventError)
}

/// What HomeFlow's interactor asks of its router.
protocol HomeFlowRouting: Routing {
    var pushableScreens: [String] { get }
    var modalScreens: [String] { get }
    var stackDepth: Int { get }
    /// Whether some pushable screen is not on the stack yet.
    var canPushPage: Bool { get }
    var presentedScreen: String? { get }
    var canSwipePresentedAway: Bool { get }
    func routeToPage(_ screen: String) throws(EventError)
    func popTopPage() throws(EventError)
    /// False when `screen` is not on HomeFlow's stack.
    func userDidPop(_ screen: String) throws(EventError) -> Bool
    func present(_ screen: String, style: ModalPresentationStyle) throws(EventError)
    func dismissPresented() throws(EventError)
    /// False when `screen` is not what HomeFlow presents.
    func userDidDismiss(_ screen: String) throws(EventError) -> Bool
    func detachClosedPage(_ screen: String)
    func cleanupViews()
}

/// HomeFlow owns the stack and what it presents; `logout` from anywhere under it goes to Root.
final class HomeFlowInteractor: Interactor, EventHandling, PageListener {
    weak var router: (any HomeFlowRouting)?
    weak var listener: (any HomeFlowListener)?

    var acceptedEvents: [EventType] {
        guard let router else { return [] }
        if router.presentedScreen != nil {
            return router.canSwipePresentedAway ? [.dismiss, .didDismiss, .logout] : [.dismiss, .logout]
        }
        // What would succeed: a push while a page is left to push, a pop above Home.
        switch (router.canPushPage, router.stackDepth > 1) {
        case (true, true): return [.push, .pop, .didPop, .present, .logout]
        case (true, false): return [.push, .present, .logout]
        case (false, true): return [.pop, .didPop, .present, .logout]
        case (false, false): return [.present, .logout]
        }
    }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let router else { return false }
        let presenting = router.presentedScreen != nil
        switch event {
        case let .push(screen):
            // Under a modal the stack is not what the user sees: nobody on screen can push onto it.
            guard !presenting, router.pushableScreens.contains(screen) else { return false }
            try router.routeToPage(screen)
        case .pop:
            guard !presenting else { return false }
            try router.popTopPage()
        case let .didPop(screen):
            guard !presenting else { return false }
            return try router.userDidPop(screen)
        case let .present(screen, style):
            guard router.modalScreens.contains(screen) else { return false }
            try router.present(screen, style: style ?? .pageSheet)
        case .dismiss:
            try router.dismissPresented()
        case let .didDismiss(screen):
            return try router.userDidDismiss(screen)
        case .logout:
            guard let listener else { return false }
            try listener.homeFlowDidRequestLogout()
        default:
            return false
        }
        return true
    }

    func pageDidClose(_ screen: String) {
        router?.detachClosedPage(screen)
    }

    override func willResignActive() {
        super.willResignActive()
        // A view-less RIB must take down the views it put up, or they outlive it ("appearance has leaked").
        router?.cleanupViews()
    }
}
