import HeadlessUI

/// One screen layer as plain data: its style and the names of its stack, bottom to top.
public struct Layer: Equatable, CustomStringConvertible, Sendable {
    public let style: ScreenLayer.Style
    public let stack: [String]

    /// Creates a layer from its style and screen names.
    public init(_ style: ScreenLayer.Style, _ stack: [String]) {
        self.style = style
        self.stack = stack
    }

    public var description: String { "\(style.rawValue):\(stack)" }
}

extension Window {
    /// The whole screen, root layer first.
    public var snapshot: [Layer] {
        layers.map { Layer($0.style, $0.stack.map(\.screenName)) }
    }
}

extension NavigationController {
    /// The stack's screen names, bottom to top.
    public var stackNames: [String] { viewControllers.map(\.screenName) }
}

extension Window {
    /// A window with `root` at its base: a controller presents only from a window's hierarchy, as on a device.
    /// Keep the window while the test runs (the root's pointer to it is unretained).
    public static func showing(_ root: ViewController) -> Window {
        let window = Window()
        window.rootViewController = root
        window.makeKeyAndVisible()
        return window
    }
}
