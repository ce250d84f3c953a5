/// How a layer of the screen is shown: the window's root, or a modal presentation.
public struct LayerStyle: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Layer 0, the window's root.
    public static let root = LayerStyle(rawValue: "root")
    public static let fullScreen = LayerStyle(rawValue: "fullScreen")
    public static let pageSheet = LayerStyle(rawValue: "pageSheet")
}
