import AppHosting
import HeadlessUI
import RIBs

/// A declared RIB's screen. Seed 003's base view controller, so a pop or a dismissal reaches the interactor
/// when the RIB asks for it (`closeListener`); a container (seed 001's Root) when the RIB's view is one; the
/// holder of a tab bar when its view shows tabs.
final class DeclaredViewController: BaseViewController, Presentable {
    /// The tab bar this screen shows, filling it; nil unless the RIB's view is `tabs`.
    let tabBar: TabBarController?
    /// The stack a container shows now (`setContent`).
    private var content: NavigationController?

    init(screenName: String, view: RibModel.View) {
        tabBar = view == .tabs ? TabBarController() : nil
        super.init(screenName: screenName)
        if let tabBar {
            // Contained before the screen is anywhere: the tab bar comes on screen with it.
            addChild(tabBar)
            tabBar.didMove(toParent: self)
        }
    }

    /// Seed 001's `setRoot`: wraps `controller` in a fresh navigation controller and shows it in place of the
    /// stack shown before, which leaves the screen with what it holds. Returns the new stack.
    @discardableResult
    func setContent(_ controller: ViewController) throws(EventError) -> NavigationController {
        let stack: NavigationController
        do {
            stack = try NavigationController(rootViewController: controller)
        } catch {
            throw EventError.invalidNavigation(error.description)
        }
        if let previous = content {
            previous.willMove(toParent: nil)
            previous.removeFromParent()
        }
        addChild(stack)
        stack.didMove(toParent: self)
        content = stack
        return stack
    }
}
