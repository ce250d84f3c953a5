import AppHosting
import RIBs

/// What a page needs from its parent: nothing.
protocol PageDependency: Dependency {}

/// Builds a page: a leaf screen (A, B, C, Profile) that only reports being closed.
final class PageBuilder: Builder<any PageDependency> {
    func build(withListener listener: any PageListener, screen: String) -> PageRouter {
        let viewController = PageViewController(screenName: screen)
        let interactor = PageInteractor(presenter: viewController, screen: screen)
        interactor.listener = listener
        viewController.closeListener = interactor
        return PageRouter(interactor: interactor, viewController: viewController, name: screen)
    }
}
