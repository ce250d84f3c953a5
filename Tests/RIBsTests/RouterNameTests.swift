import RIBs
import Testing

final class LoggedOutRouter: Router<Interactor> {}
final class HomeRouter: ViewableRouter<Interactor, TestViewController> {}
final class PageRouter<Payload>: Router<Interactor> {}
final class RootRouter: LaunchRouter<Interactor, TestViewController> {}

@Suite("Router names and kinds")
struct RouterNameTests {
    @Test("the default name is the router's type name without the Router suffix or generic arguments")
    func defaultNames() {
        #expect(LoggedOutRouter(interactor: Interactor()).name == "LoggedOut")
        #expect(HomeRouter(interactor: Interactor(), viewController: TestViewController(screenName: "Home")).name == "Home")
        #expect(PageRouter<Int>(interactor: Interactor()).name == "Page")
        #expect(RootRouter(interactor: Interactor(), viewController: TestViewController(screenName: "Root")).name == "Root")
    }

    @Test("an explicit name wins over the default")
    func explicitName() {
        #expect(LoggedOutRouter(interactor: Interactor(), name: "Welcome").name == "Welcome")
    }

    @Test("kinds: viewless, viewable, launch")
    func kinds() {
        let viewController = TestViewController(screenName: "V")
        #expect(LoggedOutRouter(interactor: Interactor()).kind == .viewless)
        #expect(HomeRouter(interactor: Interactor(), viewController: viewController).kind == .viewable)
        #expect(RootRouter(interactor: Interactor(), viewController: TestViewController(screenName: "R")).kind == .launch)
    }

    @Test("a viewable router exposes its view controller as viewControllable and as its navigation controller's content")
    func viewControllable() {
        let viewController = TestViewController(screenName: "Home")
        let router = HomeRouter(interactor: Interactor(), viewController: viewController)
        #expect(router.viewControllable.uiviewController === viewController)
        #expect(router.viewController === viewController)
        #expect(router.navigationController == nil)
    }
}
