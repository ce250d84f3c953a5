/// What must hold now for a handler's action to change something (its type is then in `accepts`): worked out
/// once per handler from its action and the children that action is about, so that a render, which asks every
/// handler on the screen's path, tests a flag or two instead of walking actions and children.
enum Acceptance: Sendable {
    /// Always (a tell, a set, a route into a slot, which replaces what is there).
    case always
    /// The RIB's stack holds more than its root (a pop).
    case deeperStack
    /// The RIB presents a child (a dismissal).
    case presenting
    /// The RIB presents a sheet, which a user can swipe down.
    case presentingSheet
    /// The RIB presents nothing (a presentation: only one at a time).
    case nothingPresented
    /// Some of these screens is not on the RIB's stack yet (a push).
    case pushable([String])
    /// Some of these children (positions) can be routed to (`DeclaredRoutes.canRoute`).
    case routable([Int])
    /// Some of these children (positions) is a tab not selected now.
    case selectable([Int])

    /// The acceptance of `action` in a RIB with `children`.
    init(_ action: ActionModel, children: [ChildModel]) {
        switch action {
        case let .route(choice):
            let candidates = choice.candidates
            if candidates.contains(where: { children[$0].slot != nil }) {
                self = .always
            } else if candidates.allSatisfy({ children[$0].show == .push }) {
                self = .pushable(candidates.map { children[$0].rib.name })
            } else if candidates.allSatisfy({ if case .present = children[$0].show { true } else { false } }) {
                self = .nothingPresented
            } else {
                self = .routable(candidates)
            }
        case .pop, .didPop: self = .deeperStack
        case .dismiss: self = .presenting
        case .didDismiss: self = .presentingSheet
        case .tell, .set: self = .always
        case let .selectTab(choice): self = .selectable(choice.candidates)
        }
    }
}

extension ChildChoice {
    /// Every child the choice may name.
    var candidates: [Int] {
        switch self {
        case let .fixed(position): [position]
        case let .field(_, among): among
        }
    }
}
