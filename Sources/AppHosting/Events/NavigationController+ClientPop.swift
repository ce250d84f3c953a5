import HeadlessUI

extension NavigationController {
    /// The client already popped `screen` (a swipe back): the stack follows, down to the screen below it.
    /// False, changing nothing, when `screen` is not on this stack: the swipe is not this stack's (a session
    /// answers it as a no-op when the screen is gone from every layer, else as not handled). Popping the root
    /// is an invalid move.
    public func clientDidPop(_ screen: String) throws(EventError) -> Bool {
        let screens = viewControllers
        guard let index = screens.firstIndex(where: { $0.screenName.isSameName(as: screen) }) else { return false }
        guard index > 0 else { throw .invalidNavigation(Self.rootPopRefusal(screen)) }
        do {
            try userDidPop(to: screens[index - 1])
        } catch {
            throw .invalidNavigation(error.description)
        }
        return true
    }

    /// Why a swipe back of `screen`, the root of its stack, is refused.
    static func rootPopRefusal(_ screen: String) -> String {
        "cannot pop \(screen): it is the root of its stack"
    }
}
