/// One layer of what is on screen, as it was when the window made it: the window's root, or one modal
/// presentation. A snapshot: read `Window.layers` again after the screen changes.
public struct ScreenLayer {
    /// How a layer came on screen.
    public enum Style: String, Sendable {
        case root, fullScreen, pageSheet

        init(_ modal: ModalPresentationStyle) {
            switch modal {
            case .fullScreen: self = .fullScreen
            case .pageSheet: self = .pageSheet
            }
        }
    }

    /// `root` for the window's root, else the presentation style.
    public let style: Style
    /// The controller at the base of the layer.
    public let controller: ViewController
    /// The navigation controller that drives this layer: the layer's controller itself, or the first one it
    /// contains (through a tab bar, the selected tab's).
    public let navigationController: NavigationController?
    /// The screens of the layer's stack, bottom to top; a single screen when there is no navigation controller
    /// (the selected tab where a tab bar shows one).
    public let stack: [ViewController]
    /// The tab bar controller this layer shows, if any: the layer's controller itself, or the first one it contains.
    public let tabBarController: TabBarController?
    /// The tab bar's tabs, in tab bar order; empty when the layer has no tab bar.
    public let tabs: [ViewController]
    /// The index of the selected tab in `tabs`; nil when the layer has no tab bar or the tab bar no tabs.
    public let selectedTabIndex: Int?

    // All found once, when the layer is made (`Window.forEachLayer` finds the navigation and tab bar controllers):
    // a reader may read the stack several times, and each search walks the containment tree.
    init(style: Style, controller: ViewController, navigationController: NavigationController?, tabBarController: TabBarController?) {
        self.style = style
        self.controller = controller
        self.navigationController = navigationController
        self.tabBarController = tabBarController
        stack = navigationController?.viewControllers ?? [Self.soleScreen(base: controller, tabBar: tabBarController)]
        tabs = tabBarController?.viewControllers ?? []
        selectedTabIndex = tabBarController?.selectedIndex
    }

    /// The controller the user sees on this layer.
    public var visibleController: ViewController? { stack.last }

    /// The screen of a layer no navigation controller drives: the selected tab where it has a tab bar, else its base.
    static func soleScreen(base: ViewController, tabBar: TabBarController?) -> ViewController {
        tabBar?.selectedViewController ?? base
    }

    /// The navigation and tab bar controllers that drive a layer based at `controller`: the first of each found
    /// in its containment, where a tab bar leads on to its selected tab alone (the others are off the screen).
    static func drivers(in controller: ViewController) -> (navigation: NavigationController?, tabBar: TabBarController?) {
        var tabBar: TabBarController?
        let navigation = firstNavigationController(in: controller, tabBar: &tabBar)
        return (navigation, tabBar)
    }

    /// The navigation controller that drives a layer based at `controller`: itself, or the first it contains;
    /// notes the first tab bar on the way in `tabBar`.
    private static func firstNavigationController(in controller: ViewController, tabBar: inout TabBarController?) -> NavigationController? {
        if let nav = controller as? NavigationController { return nav }
        if let tabs = controller as? TabBarController {
            if tabBar == nil { tabBar = tabs }
            guard let selected = tabs.selectedViewController else { return nil }
            return firstNavigationController(in: selected, tabBar: &tabBar)
        }
        for child in controller.children {
            if let nav = firstNavigationController(in: child, tabBar: &tabBar) { return nav }
        }
        return nil
    }
}
