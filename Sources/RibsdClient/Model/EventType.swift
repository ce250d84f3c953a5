/// The `type` of an event: one of the built-in types below, or one an app of its own defines.
///
/// A struct rather than an enum, so that an app's own types and types added to the contract later decode
/// as what they are instead of failing.
public struct EventType: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    public static let login = EventType("login")
    public static let logout = EventType("logout")
    public static let push = EventType("push")
    public static let pop = EventType("pop")
    public static let didPop = EventType("didPop")
    public static let present = EventType("present")
    public static let dismiss = EventType("dismiss")
    public static let didDismiss = EventType("didDismiss")
    public static let step = EventType("step")
}
