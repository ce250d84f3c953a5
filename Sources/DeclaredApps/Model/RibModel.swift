import AppHosting

/// One declared RIB: its view, the children it may attach and how it shows each, the events it handles, the
/// messages it hears from its children, and the state it exposes. Immutable; every session's tree reads the same.
final class RibModel: Sendable {
    /// What the RIB's router owns on screen.
    enum View: String, Sendable, CaseIterable {
        /// A screen of its own.
        case screen
        /// A screen whose content a child replaces: the child's view becomes the root of a fresh navigation
        /// stack inside it (the login app's Root, seed 001's `setRoot`).
        case container
        /// A screen holding a tab bar whose tabs are children's views.
        case tabs
        /// No view: the RIB drives its children's views (a view-less RIB, HomeFlow).
        case none
    }

    let name: String
    let view: View
    /// Whether the RIB's screen reports being popped or dismissed (by the app or a swipe), and its parent then
    /// detaches it: seed 003's base view controller.
    let detachesOnClose: Bool
    /// The state the RIB exposes, in the order the file lists its keys.
    let state: [StateKey]
    /// The navigation stack the RIB pushes onto, pops and presents from, if it has one.
    let stack: StackSource?
    let children: [ChildModel]
    /// The children routed to when the RIB loads (positions in `children`), in order.
    let onLoad: [Int]
    /// The events it handles, in the order it lists them (the order its `accepts` takes).
    let handlers: [HandlerModel]
    /// What it does when a child tells it something.
    let listeners: [ListenerModel]
    /// Whether some child is presented: a guard on presenting and the view-less cleanup read it.
    let presentsChildren: Bool
    /// How many slots the children share (each slot holds one child at a time).
    let slotCount: Int
    /// Whether the RIB ever moves views or children (its logic then needs its router): it has children, has no
    /// view (it cleans up as it resigns), or acts on a stack or tab bar.
    let movesChildren: Bool
    /// Whether no two handlers take the same type (`accepts` then needs no check for repeats).
    let handlesEachTypeOnce: Bool
    /// What each handler's action needs to change something, in `handlers`' order.
    let acceptances: [Acceptance]

    init(
        name: String, view: View, detachesOnClose: Bool, state: [StateKey], stack: StackSource?, children: [ChildModel],
        onLoad: [Int], handlers: [HandlerModel], listeners: [ListenerModel]
    ) {
        self.name = name
        self.view = view
        self.detachesOnClose = detachesOnClose
        self.state = state
        self.stack = stack
        self.children = children
        self.onLoad = onLoad
        self.handlers = handlers
        self.listeners = listeners
        presentsChildren = children.contains { if case .present = $0.show { true } else { false } }
        slotCount = children.compactMap(\.slot).max().map { $0 + 1 } ?? 0
        acceptances = handlers.map { Acceptance($0.action, children: children) }
        handlesEachTypeOnce = handlers.indices.allSatisfy { index in !handlers[..<index].contains { $0.event == handlers[index].event } }
        let actions = handlers.map(\.action) + listeners.map(\.action)
        movesChildren =
            !children.isEmpty || view == .none
            || actions.contains { action in
                switch action {
                case .tell, .set: false
                default: true
                }
            }
    }

    /// Where a RIB's stack is: the one its own view is in, or the one a child's view is in (HomeFlow's is
    /// Home's, the stack Home roots).
    enum StackSource: Sendable, Equatable {
        case own
        case child(Int)
    }
}

/// A key of a RIB's `state`: set when the RIB is built from a field of the event that led to it, or to its
/// initial value when that event has no such field (or when it names none).
struct StateKey: Sendable, Equatable {
    let key: String
    let field: String?
    let initial: String?
}

/// A key of a RIB's `state` and the field of the handled event that sets it (a `set` action).
struct StateBinding: Sendable, Equatable {
    let key: String
    let field: String
}
