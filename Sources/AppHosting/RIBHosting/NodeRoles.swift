import RIBs

/// What a router's interactor does for the host, found by a cast once per router and kept on the router.
///
/// A protocol cast asks the runtime's conformance cache and walks the interactor's superclasses: the
/// dispatch path and every rendered node would pay it on every event.
final class NodeRoles {
    /// The interactor as an event handler, if it is one.
    let handler: (any EventHandling)?
    /// The interactor as a state source, if it is one.
    let exposing: (any StateExposing)?

    private init(_ interactor: any Interactable) {
        handler = interactor as? any EventHandling
        exposing = interactor as? any StateExposing
    }

    /// The roles of `router`'s interactor, resolved on first use.
    static func of(_ router: any Routing) -> NodeRoles {
        if let roles = router.hostContext as? NodeRoles { return roles }
        let roles = NodeRoles(router.interactable)
        router.hostContext = roles
        return roles
    }
}
