import AppHosting
import RIBs

/// What Navigation tells Root (nothing yet: the seed's Root only presents it).
protocol NavigationListener: AnyObject {}

/// What Navigation's interactor asks of its router.
protocol NavigationRouting: ViewableRouting {
    var pushableScreens: [String] { get }
    var stackDepth: Int { get }
    /// Whether some pushable screen is not on the stack yet.
    var canPushPage: Bool { get }
    func routeToPage(_ screen: String) throws(EventError)
    func popTopPage() throws(EventError)
    /// False when `screen` is not on Navigation's stack.
    func userDidPop(_ screen: String) throws(EventError) -> Bool
    func detachClosedPage(_ screen: String)
}

/// Navigation owns the stack: `push` of A, B or C from any screen on it, `pop`, `didPop`.
final class NavigationInteractor: PresentableInteractor<NavigationViewController>, EventHandling, PageListener {
    weak var router: (any NavigationRouting)?
    weak var listener: (any NavigationListener)?

    var acceptedEvents: [EventType] {
        guard let router else { return [] }
        // What would succeed: a push while a page is left to push, a pop above Navigation.
        switch (router.canPushPage, router.stackDepth > 1) {
        case (true, true): return [.push, .pop, .didPop]
        case (true, false): return [.push]
        case (false, true): return [.pop, .didPop]
        case (false, false): return []
        }
    }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let router else { return false }
        switch event {
        case let .push(screen):
            guard router.pushableScreens.contains(screen) else { return false }
            try router.routeToPage(screen)
        case .pop:
            try router.popTopPage()
        case let .didPop(screen):
            return try router.userDidPop(screen)
        default:
            return false
        }
        return true
    }

    func pageDidClose(_ screen: String) {
        router?.detachClosedPage(screen)
    }
}
