/// One layer of what is on screen: the window's root or a modal presentation, with its navigation stack.
public struct Layer: Hashable, Sendable {
    public var style: LayerStyle
    /// The layer's screens, bottom to top; with a tab bar, the selected tab's.
    public var stack: [String]
    /// Only on a layer that shows a tab bar: each tab's screen, in tab bar order (a tab that is a navigation
    /// controller is named after its root).
    public var tabs: [String]?
    /// Only with `tabs`: the index of the selected tab in them; nil when there are no tabs.
    public var selectedTab: Int?

    public init(style: LayerStyle, stack: [String], tabs: [String]? = nil, selectedTab: Int? = nil) {
        self.style = style
        self.stack = stack
        self.tabs = tabs
        self.selectedTab = selectedTab
    }
}

extension Layer: Codable {
    private enum CodingKeys: String, CodingKey {
        case style, stack, tabs, selectedTab
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        style = try container.decode(LayerStyle.self, forKey: .style)
        stack = try container.decode([String].self, forKey: .stack)
        tabs = try container.decodeIfPresent([String].self, forKey: .tabs)
        selectedTab = try container.decodeIfPresent(Int.self, forKey: .selectedTab)
    }

    /// As the server writes it: `tabs` and `selectedTab` together (the latter null with no tabs), or neither.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(stack, forKey: .stack)
        guard let tabs else { return }
        try container.encode(tabs, forKey: .tabs)
        try container.encode(selectedTab, forKey: .selectedTab)
    }
}
