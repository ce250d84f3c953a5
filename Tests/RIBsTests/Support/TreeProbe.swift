import HeadlessUI
import RIBs

/// The RIBs of a random sequence: each part reports what it hears to its world, which runs the app code the
/// mode puts there. Weak back pointers: a world that goes first leaves its RIBs to go quietly.
enum TreeProbe {
    final class Interactor: RIBs.Interactor {
        /// The RIB's number in its world.
        let id: Int
        private weak var world: RIBWorld?

        init(id: Int, world: RIBWorld) {
            self.id = id
            self.world = world
        }

        override func didBecomeActive() { world?.heardActivity(of: id, active: true, isActive: isActive) }
        override func willResignActive() { world?.heardActivity(of: id, active: false, isActive: isActive) }
    }

    /// A RIB's screen: its pop or dismissal, whoever made it, is a close event (as the built-in apps' base
    /// controller has it).
    final class ViewController: HeadlessUI.ViewController, ViewControllable {
        let id: Int
        private weak var world: RIBWorld?

        init(id: Int, name: String, world: RIBWorld) {
            self.id = id
            self.world = world
            super.init(screenName: name)
        }

        override func didMove(toParent parent: HeadlessUI.ViewController?) {
            if parent == nil { world?.heardClose(of: id) }
        }

        override func viewDidAppear(_ animated: Bool) { world?.heardAppearance(of: id, appeared: true) }

        override func viewDidDisappear(_ animated: Bool) {
            world?.heardAppearance(of: id, appeared: false)
            if isBeingDismissed || isParentBeingDismissed { world?.heardClose(of: id) }
        }
    }

    /// The launched root's screen: a container holding the app's navigation stack, whose root is Home.
    final class RootViewController: HeadlessUI.ViewController, ViewControllable {
        let stack: NavigationController

        init() {
            // A fresh controller: nothing to refuse.
            stack = try! NavigationController(rootViewController: HeadlessUI.ViewController(screenName: "Home"))
            stack.screenName = "stack"
            super.init(screenName: "root")
            addChild(stack)
            stack.didMove(toParent: self)
        }
    }

    final class Router: RIBs.Router<Interactor> {
        private weak var world: RIBWorld?

        init(id: Int, name: String, world: RIBWorld) {
            self.world = world
            super.init(interactor: Interactor(id: id, world: world), name: name)
        }

        override func didLoad() { world?.heardDidLoad(of: interactor.id) }
    }

    final class ViewableRouter: RIBs.ViewableRouter<Interactor, ViewController> {
        private weak var world: RIBWorld?

        init(id: Int, name: String, world: RIBWorld) {
            self.world = world
            super.init(
                interactor: Interactor(id: id, world: world), viewController: ViewController(id: id, name: name, world: world),
                name: name)
        }

        override func didLoad() { world?.heardDidLoad(of: interactor.id) }
    }

    final class LaunchRouter: RIBs.LaunchRouter<Interactor, RootViewController> {
        private weak var world: RIBWorld?

        init(world: RIBWorld) {
            self.world = world
            super.init(interactor: Interactor(id: 0, world: world), viewController: RootViewController(), name: "root")
        }

        override func didLoad() { world?.heardDidLoad(of: interactor.id) }
    }
}
