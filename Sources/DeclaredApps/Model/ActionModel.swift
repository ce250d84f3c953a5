/// What a handled event or a child's message does.
enum ActionModel: Sendable {
    /// Builds a child, attaches it and shows it as its `show` says.
    case route(ChildChoice)
    /// Pops the top of the RIB's stack, a child it pushed, and detaches it.
    case pop
    /// The user already popped the screen named by `field`: the stack follows, the popped RIBs detach.
    case didPop(field: String)
    /// Dismisses the child the RIB presents and detaches it.
    case dismiss
    /// The user swiped down the sheet named by `field`: the presented child detaches.
    case didDismiss(field: String)
    /// Tells the parent `message`, with the event's fields (a listener call: `listener?.didLogin(name:)`).
    case tell(String)
    /// Sets state keys from the event's fields.
    case set([StateBinding])
    /// Selects the tab showing a child.
    case selectTab(ChildChoice)
}

/// Which child an action is about: a fixed one, or the one an event field names among some children (a
/// name among none of them passes the event on to the parent).
enum ChildChoice: Sendable {
    case fixed(Int)
    case field(String, among: [Int])
}
