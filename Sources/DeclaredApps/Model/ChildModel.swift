import HeadlessUI

/// A child a RIB may attach, and how it shows the child's view when it does.
struct ChildModel: Sendable {
    /// How a parent shows a child.
    enum Show: Sendable, Equatable {
        /// Attached only: a view-less child, which shows views of its own children.
        case attach
        /// Pushed onto the parent's stack (`pushRouter`).
        case push
        /// Presented from the parent's stack top or view, in this style unless the event names one; wrapped in a
        /// fresh navigation stack when `inStack` (seed 000's Navigation).
        case present(ModalPresentationStyle, inStack: Bool)
        /// Made the root of a fresh navigation stack in the container view of the RIB `levelsUp` above the
        /// parent (0: the parent itself), which drops the stack it showed before (seed 001's `setRoot`).
        case content(levelsUp: Int)
        /// Added as the parent's last tab, wrapped in a fresh navigation stack when `inStack`.
        case tab(inStack: Bool)

        /// Whether the child's view ends up in a navigation stack (a RIB may name it as its `stack`).
        var putsInStack: Bool {
            switch self {
            case .push, .content: true
            case let .present(_, inStack), let .tab(inStack): inStack
            case .attach: false
            }
        }
    }

    let rib: RibModel
    let show: Show
    /// The slot the child shares with its siblings: routing to one first removes the one there (the login
    /// app's Login and HomeFlow, the todo app's LoggedOut and Todo); nil when it has none.
    let slot: Int?
}
