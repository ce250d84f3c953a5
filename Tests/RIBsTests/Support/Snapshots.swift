import HeadlessUI
import RIBs

/// The router tree as text: "Root[Navigation[A,B,C]]"; a leaf is just its name.
func tree(_ router: any Routing) -> String {
    router.children.isEmpty ? router.name : "\(router.name)[\(router.children.map(tree).joined(separator: ","))]"
}

/// One screen layer as plain data: its style and the names of its stack, bottom to top.
struct Layer: Equatable, CustomStringConvertible {
    let style: ScreenLayer.Style
    let stack: [String]

    init(_ style: ScreenLayer.Style, _ stack: [String]) {
        self.style = style
        self.stack = stack
    }

    var description: String { "\(style.rawValue):\(stack)" }
}

extension Window {
    /// The whole screen, root layer first.
    var snapshot: [Layer] {
        layers.map { Layer($0.style, $0.stack.map(\.screenName)) }
    }
}

extension NavigationController {
    /// The stack's screen names, bottom to top.
    var stackNames: [String] { viewControllers.map(\.screenName) }
}
