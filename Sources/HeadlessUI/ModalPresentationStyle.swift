/// How a presented view controller covers its presenter (the two styles UIKit apps use for navigation).
public enum ModalPresentationStyle: String, Sendable, CaseIterable {
    /// Covers the whole screen; the presenter's view leaves the window.
    case fullScreen
    /// A card over the presenter, which stays visible behind it.
    case pageSheet
}
