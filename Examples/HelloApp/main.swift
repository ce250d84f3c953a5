// A user's own app served by ribsd: one RIB that greets, registered beside the built-in apps.
// Build: swift build --product ribsd-hello; run: .build/debug/ribsd-hello --port 8080
import AppHosting
import BuiltinApps
import HeadlessUI
import RIBs
import SessionService

/// The greeting screen.
final class HelloViewController: ViewController, ViewControllable, Presentable {}

/// Handles `login` by remembering the name it greets.
final class HelloInteractor: PresentableInteractor<HelloViewController>, EventHandling, StateExposing {
    private var greeted = "world"

    var acceptedEvents: [EventType] { [.login] }
    var exposedState: [(key: String, value: String)] { [("greeting", "hello, \(greeted)")] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard case let .login(name) = event else { return false }
        greeted = name
        return true
    }
}

/// The app's root router.
final class HelloRouter: LaunchRouter<HelloInteractor, HelloViewController> {}

/// Builds the root RIB.
final class HelloBuilder: Builder<any EmptyDependency> {
    func build() -> HelloRouter {
        let viewController = HelloViewController(screenName: "Hello")
        return HelloRouter(interactor: HelloInteractor(presenter: viewController), viewController: viewController, name: "Hello")
    }
}

let hello = AppDefinition(id: "hello", description: "Greets whoever logs in", events: [.login], screens: ["Hello"]) {
    RIBAppRuntime(root: HelloBuilder(dependency: EmptyComponent()).build())
}

Ribsd.main(registry: BuiltinApps.registry.registering(hello))
