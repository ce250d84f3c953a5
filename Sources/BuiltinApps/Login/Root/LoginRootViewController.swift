import AppHosting
import HeadlessUI
import RIBs

/// Seed 001's container: `setRoot` wraps the child's screen in a new navigation controller and swaps it in.
final class LoginRootViewController: ViewController, ViewControllable, Presentable, HomeFlowViewControllable {
    private var currentStack: NavigationController?

    @discardableResult
    func setRoot(_ controller: ViewController) throws(EventError) -> NavigationController {
        let stack: NavigationController
        do {
            stack = try NavigationController(rootViewController: controller)
        } catch {
            throw EventError.invalidNavigation(error.description)
        }
        if let previous = currentStack {
            previous.willMove(toParent: nil)
            previous.removeFromParent()
        }
        addChild(stack)
        stack.didMove(toParent: self)
        currentStack = stack
        return stack
    }
}
