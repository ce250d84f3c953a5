import HeadlessUI
import RIBs
import Testing

/// Seed 003: Detail screens are pushed with `pushRouter`; their view controller reports "moved from parent"
/// (a swipe back or a back button) to the interactor, whose listener's router calls `popRouter`.
enum Seed003 {
    /// Seed 003's base view controller: a pop, whoever made it, is a close event.
    class BaseViewController: ViewController {
        override func viewDidDisappear(_ animated: Bool) {
            if isMovingFromParent { sendCloseEvent() }
        }
        func sendCloseEvent() {}
    }

    // MARK: Root

    final class RootComponent: Component<any EmptyDependency>, DetailDependency {}

    final class RootBuilder: Builder<any EmptyDependency> {
        func build() throws -> RootRouter {
            let viewController = try RootViewController()
            let interactor = RootInteractor(presenter: viewController)
            let detailBuilder = DetailBuilder(dependency: RootComponent(dependency: dependency))
            return RootRouter(interactor: interactor, viewController: viewController, detailBuilder: detailBuilder)
        }
    }

    protocol RootPresentableListener: AnyObject { func didTapOpenDetail() }

    /// Root's own first screen, at the bottom of the stack.
    final class HomeViewController: ViewController {
        weak var listener: (any RootPresentableListener)?
        func tapOpenDetail() { listener?.didTapOpenDetail() }
    }

    /// A container holding the app's navigation controller, whose root is Home.
    final class RootViewController: ViewController, ViewControllable {
        let home = HomeViewController(screenName: "Home")
        let navigation: NavigationController

        init() throws(ViewHierarchyError) {
            navigation = try NavigationController(rootViewController: home)
            super.init(screenName: "Root")
            addChild(navigation)
            navigation.didMove(toParent: self)
        }
    }

    final class RootInteractor: PresentableInteractor<RootViewController>, RootPresentableListener, DetailListener {
        weak var router: RootRouter?

        override init(presenter: RootViewController) {
            super.init(presenter: presenter)
            presenter.home.listener = self
        }

        func didTapOpenDetail() { router?.routeToDetail() }
        func detailDidRequestNext() { router?.routeToDetail() }
        func detailDidClose(_ detail: any Interactable) { router?.routeBack(from: detail) }
    }

    final class RootRouter: LaunchRouter<RootInteractor, RootViewController> {
        private let detailBuilder: DetailBuilder
        private var opened = 0

        init(interactor: RootInteractor, viewController: RootViewController, detailBuilder: DetailBuilder) {
            self.detailBuilder = detailBuilder
            super.init(interactor: interactor, viewController: viewController)
            interactor.router = self
        }

        func routeToDetail() {
            opened += 1
            let detail = detailBuilder.build(withListener: interactor, title: "Detail\(opened)")
            do { try pushRouter(detail, onto: viewController.navigation, animated: true) } catch { Issue.record(error) }
        }

        func routeBack(from detail: any Interactable) {
            guard let router = children.first(where: { $0.interactable === detail }) as? DetailRouter else { return }
            do { try popRouter(router, from: viewController.navigation, animated: true) } catch { Issue.record(error) }
        }
    }

    // MARK: Detail

    protocol DetailDependency: Dependency {}
    protocol DetailListener: AnyObject {
        func detailDidRequestNext()
        func detailDidClose(_ detail: any Interactable)
    }
    protocol DetailPresentableListener: AnyObject {
        func didTapNext()
        func didClose()
    }

    final class DetailBuilder: Builder<any DetailDependency> {
        func build(withListener listener: any DetailListener, title: String) -> DetailRouter {
            let viewController = DetailViewController(screenName: title)
            let interactor = DetailInteractor(presenter: viewController)
            interactor.listener = listener
            return DetailRouter(interactor: interactor, viewController: viewController, name: title)
        }
    }

    final class DetailViewController: BaseViewController, ViewControllable {
        weak var listener: (any DetailPresentableListener)?
        func tapNext() { listener?.didTapNext() }
        /// The app's own back button: asks to close; the pop itself then sends a close event too.
        func tapBack() { listener?.didClose() }
        override func sendCloseEvent() { listener?.didClose() }
    }

    final class DetailInteractor: PresentableInteractor<DetailViewController>, DetailPresentableListener {
        weak var listener: (any DetailListener)?
        override init(presenter: DetailViewController) {
            super.init(presenter: presenter)
            presenter.listener = self
        }
        func didTapNext() { listener?.detailDidRequestNext() }
        func didClose() { listener?.detailDidClose(self) }
    }

    final class DetailRouter: ViewableRouter<DetailInteractor, DetailViewController> {}
}
