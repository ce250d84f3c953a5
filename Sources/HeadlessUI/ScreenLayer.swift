/// One layer of what is on screen: the window's root, or one modal presentation.
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
    /// The screens of the layer's stack, bottom to top; a single screen when there is no navigation controller.
    ///
    /// Read once when the layer is made: a layer is a snapshot of the screen, and a render reads its stack
    /// several times (the layers, the front stack, the top, the path to the top).
    public let stack: [ViewController]

    init(style: Style, controller: ViewController) {
        self.style = style
        self.controller = controller
        stack = Self.firstNavigationController(in: controller)?.viewControllers ?? [controller]
    }

    /// The navigation controller that drives this layer: the layer's controller itself, or the first one it contains.
    public var navigationController: NavigationController? {
        Self.firstNavigationController(in: controller)
    }

    /// The controller the user sees on this layer.
    public var visibleController: ViewController? { stack.last }

    private static func firstNavigationController(in controller: ViewController) -> NavigationController? {
        if let nav = controller as? NavigationController { return nav }
        for child in controller.children {
            if let nav = firstNavigationController(in: child) { return nav }
        }
        return nil
    }
}
