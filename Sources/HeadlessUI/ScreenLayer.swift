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
    /// The navigation controller that drives this layer: the layer's controller itself, or the first one it contains.
    public let navigationController: NavigationController?
    /// The screens of the layer's stack, bottom to top; a single screen when there is no navigation controller.
    public let stack: [ViewController]

    // Both found once, when the layer is made (`Window.forEachLayer` finds the navigation controller): a reader
    // may read the stack several times, and each search walks the containment tree.
    init(style: Style, controller: ViewController, navigationController: NavigationController?) {
        self.style = style
        self.controller = controller
        self.navigationController = navigationController
        stack = navigationController?.viewControllers ?? [controller]
    }

    /// The controller the user sees on this layer.
    public var visibleController: ViewController? { stack.last }

    /// The navigation controller that drives a layer based at `controller`: itself, or the first it contains.
    static func firstNavigationController(in controller: ViewController) -> NavigationController? {
        if let nav = controller as? NavigationController { return nav }
        for child in controller.children {
            if let nav = firstNavigationController(in: child) { return nav }
        }
        return nil
    }
}
