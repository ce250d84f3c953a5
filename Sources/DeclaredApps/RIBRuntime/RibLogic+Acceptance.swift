import AppHosting
import HeadlessUI

extension RibLogic {
    /// The event types the RIB would handle successfully now, in the order its handlers list them: a handler
    /// counts when its guard holds and its action would change something (its `Acceptance`: a push while a
    /// candidate is not on the stack yet, a pop above the stack's root, a dismissal while something is
    /// presented, …).
    var acceptedEvents: [EventType] {
        let handlers = model.handlers
        guard let routes = router?.routes else {
            // A RIB without a router only tells and sets (`RibModel.movesChildren`), which always change something.
            return handlers.map(\.event)
        }
        let acceptances = model.acceptances
        var accepted: [EventType] = []
        accepted.reserveCapacity(handlers.count)
        for index in handlers.indices where holds(handlers[index].when, routes: routes) && routes.allows(acceptances[index]) {
            let type = handlers[index].event
            if model.handlesEachTypeOnce || !accepted.contains(type) { accepted.append(type) }
        }
        return accepted
    }
}

extension DeclaredRoutes {
    /// Whether the RIB's state lets an action of this acceptance change something now.
    func allows(_ acceptance: Acceptance) -> Bool {
        switch acceptance {
        case .always:
            return true
        case .deeperStack:
            return stackDepth > 1
        case .presenting:
            return presented != nil
        case .presentingSheet:
            return presentsSheet
        case .nothingPresented:
            return presented == nil
        case let .pushable(names):
            guard let screens = currentStack?.viewControllers else { return false }
            return names.contains { name in !screens.contains { $0.screenName == name } }
        case let .routable(positions):
            return positions.contains(where: canRoute)
        case let .selectable(positions):
            return positions.contains(where: canSelectTab)
        }
    }
}
