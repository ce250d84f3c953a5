/// One layer of what is on screen: the window's root or a modal presentation, with its navigation stack.
public struct Layer: Hashable, Sendable, Codable {
    public var style: LayerStyle
    /// The layer's screens, bottom to top.
    public var stack: [String]

    public init(style: LayerStyle, stack: [String]) {
        self.style = style
        self.stack = stack
    }
}
