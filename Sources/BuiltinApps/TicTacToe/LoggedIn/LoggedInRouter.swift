import AppHosting
import RIBs

/// LoggedIn's router: one child at a time, OffGame or a game, shown through Root's view.
final class LoggedInRouter: Router<LoggedInInteractor>, LoggedInRouting {
    private let viewController: any LoggedInViewControllable
    private let offGameBuilder: OffGameBuilder
    private var currentChild: (any ViewableRouting)?

    init(interactor: LoggedInInteractor, viewController: any LoggedInViewControllable, offGameBuilder: OffGameBuilder) {
        self.viewController = viewController
        self.offGameBuilder = offGameBuilder
        super.init(interactor: interactor)
        interactor.router = self
    }

    func cleanupViews() {
        // At logout or teardown, with what LoggedIn presented on top of Root's view: nothing there to refuse it.
        if currentChild != nil { try? viewController.replaceModal(viewController: nil) }
    }

    func routeToOffGame(with games: [any Game]) throws(EventError) {
        try detachCurrentChild()
        try attach(offGameBuilder.build(withListener: interactor, games: games))
    }

    func routeToGame(with gameBuilder: any GameBuildable) throws(EventError) {
        try detachCurrentChild()
        try attach(gameBuilder.build(withListener: interactor))
    }

    private func attach(_ child: any ViewableRouting) throws(EventError) {
        try routing { () throws(RoutingError) in try attachChild(child) }
        currentChild = child
        try viewController.replaceModal(viewController: child.viewControllable)
    }

    private func detachCurrentChild() throws(EventError) {
        guard let child = currentChild else { return }
        try routing { () throws(RoutingError) in try detachChild(child) }
        currentChild = nil
        try viewController.replaceModal(viewController: nil)
    }
}
