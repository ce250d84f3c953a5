// Selecting a tab, as app code does (`selectedIndex`, `selectedViewController`) and as the user does (a tap on
// the tab bar). UIKit's setters cannot refuse; here an index with no tab or a controller that is no tab throws,
// as UIKit's exception does ("only a view controller in the tab bar controller's list of view controllers can be
// selected"), and nothing changes.
extension TabBarController {
    /// Selects the tab at `index`: the tab selected until now hears viewWillDisappear and viewDidDisappear, then the
    /// new one viewWillAppear and viewDidAppear (with what each shows), neither moving nor presented, and only if the
    /// tab bar is on screen. Selecting the selected tab again changes nothing and tells no one.
    ///
    /// - Throws: `noSuchTab` for an index out of range; `tabTransitionInProgress` from inside a call another change
    ///   of its tabs is making.
    public func select(at index: Int) throws(ViewHierarchyError) {
        guard children.indices.contains(index) else {
            throw .noSuchTab(index: index, tabBar: screenName, count: children.count)
        }
        guard index != selectedIndex else { return }
        try switchTab(to: index)
    }

    /// Selects `controller`, one of the tabs, as `select(at:)` does.
    ///
    /// - Throws: `notATab` when it is not one of the tabs (a controller pushed inside a tab is not one either).
    public func select(_ controller: ViewController) throws(ViewHierarchyError) {
        guard let index = children.firstIndex(where: { $0 === controller }) else {
            throw .notATab(controller.screenName, tabBar: screenName)
        }
        try select(at: index)
    }

    /// The user tapped the tab at `index`; UIKit asks no one first (there is no delegate here). Another tab is
    /// selected as `select(at:)` does; the selected tab tapped again takes its navigation stack back to its root,
    /// animated, as UIKit's tab bar does. Returns the controllers that tap popped, top first.
    ///
    /// - Throws: as `select(at:)`.
    @discardableResult
    public func userDidSelect(at index: Int) throws(ViewHierarchyError) -> [ViewController] {
        guard children.indices.contains(index) else {
            throw .noSuchTab(index: index, tabBar: screenName, count: children.count)
        }
        guard index == selectedIndex else {
            try switchTab(to: index)
            return []
        }
        guard let stack = children[index] as? NavigationController else { return [] }
        return stack.popToRoot(animated: true)
    }
}
