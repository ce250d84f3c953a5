import AppHosting
import HeadlessUI
import RIBs

/// The view HomeFlow borrows from its parent: a container that shows a stack (Root's `setRoot`).
protocol HomeFlowViewControllable: ViewControllable {
    @discardableResult
    func setRoot(_ controller: ViewController) throws(EventError) -> NavigationController
}

/// What HomeFlow needs from Root.
protocol HomeFlowDependency: Dependency {
    var homeFlowViewController: any HomeFlowViewControllable { get }
}

/// HomeFlow's scope: Home and the pages are built from it.
final class HomeFlowComponent: Component<any HomeFlowDependency>, HomeDependency, PageDependency {}

/// Builds HomeFlow: the view-less RIB that owns the logged-in user's screens.
final class HomeFlowBuilder: Builder<any HomeFlowDependency> {
    func build(withListener listener: any HomeFlowListener, name: String) -> HomeFlowRouter {
        let component = HomeFlowComponent(dependency: dependency)
        let interactor = HomeFlowInteractor()
        interactor.listener = listener
        return HomeFlowRouter(
            interactor: interactor,
            viewController: dependency.homeFlowViewController,
            home: HomeBuilder(dependency: component).build(name: name),
            pages: PageStack(pushable: ["A", "B", "C"], builder: PageBuilder(dependency: component)),
            modalScreens: ["Profile"]
        )
    }
}
