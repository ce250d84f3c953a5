// A user's own app served by ribsd: one RIB that greets, registered beside the built-in apps, with an event
// type of its own.
// Build: swift build --product ribsd-hello; run: .build/debug/ribsd-hello --port 8080
import AppHosting
import BuiltinApps
import HeadlessUI
import RIBs
import SessionService

/// The greeting screen.
final class HelloViewController: ViewController, ViewControllable, Presentable {}

/// Turns `greet` into the domain action a button of its view would call.
final class HelloInteractor: PresentableInteractor<HelloViewController>, EventHandling, StateExposing {
    /// The app's own event: `{"type": "greet", "name": "kim"}`, optionally with `"excited": true`.
    static let greetEvent = EventDeclaration(
        "greet", description: "Greet someone by name", fields: [.string("name"), .boolean("excited", optional: true)])

    private var greeting = "hello, world"

    var acceptedEvents: [EventType] { [.declared(Self.greetEvent.type)] }
    var exposedState: [(key: String, value: String)] { [("greeting", greeting)] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let request = event.declared(Self.greetEvent.type) else { return false }
        greet(try request.string("name"), excited: request["excited"]?.bool ?? false)
        return true
    }

    func greet(_ name: String, excited: Bool) {
        greeting = "hello, \(name)" + (excited ? "!" : "")
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

let hello = AppDefinition(
    id: "hello", description: "Greets whoever it is told to", declaring: [HelloInteractor.greetEvent], screens: ["Hello"]
) {
    RIBAppRuntime(root: HelloBuilder(dependency: EmptyComponent()).build())
}

Ribsd.main(registry: BuiltinApps.registry.registering(hello))
