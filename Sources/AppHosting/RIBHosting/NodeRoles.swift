import RIBs

/// What the host needs of a router on every event, worked out once per router and kept on it.
///
/// A protocol cast asks the runtime's conformance cache and walks the interactor's superclasses, and a
/// retained existential of an interactor (which has weak references to it, hence a side table) takes the
/// slow reference-counting path: the dispatch path and every rendered node would pay both on every event.
final class NodeRoles: RoutingHostContext {
    /// The router these are the roles of; unowned: the router owns this object.
    unowned let router: any Routing
    // The interactor in its three roles, held: the roles of a rendered path, kept until the next event, keep
    // the handlers they name alive through its dispatch (the roles themselves take the fast reference-counting
    // path, where an interactor or a router, which have side tables, take the slow one). And constants of an
    // object the caller holds need no retain of their own to be called: unowned ones did, on the slow path.
    /// The interactor the router drives.
    let interactable: any Interactable
    /// The interactor as an event handler, if it is one.
    let handler: (any EventHandling)?
    /// The interactor as a state source, if it is one.
    let exposing: (any StateExposing)?
    /// The node's constant fields, `"name":…,"kind":…,"active":`, rendered once (the writer's own buffer,
    /// taken over: made on every push, an array would cost a second allocation and a copy).
    let head: UnsafeMutableBufferPointer<UInt8>
    /// The view controller the router owns, by identity (a router's view is fixed for its life); compared
    /// without retaining the controller.
    let controller: ObjectIdentifier?
    /// The interactor as RIBs' base class, when it is one (almost always).
    private let base: Interactor?

    /// Whether the interactor is active, read through `base` where there is one (a class, not the protocol).
    var isActive: Bool {
        if let base { return base.isActive }
        return interactable.isActive
    }

    /// The roles of the router's children, in attach order: what a render walks instead of the routers (each
    /// router read through its protocol is a retain and a release on the slow path, its interactor holding it
    /// weakly, and each role lookup a cast). Unretained: each is owned by its child's router, which the router
    /// holds while attached, and the router tells of every attach and detach (`RoutingHostContext`).
    @exclusivity(unchecked) private(set) var children: [Unmanaged<NodeRoles>]

    func routerDidAttach(_ child: any Routing) {
        children.append(.passUnretained(NodeRoles.of(child)))
    }

    func routerDidDetachChild(at index: Int) {
        children.remove(at: index)
    }

    private init(_ router: any Routing) {
        self.router = router
        // Made with the router's children as they are; kept in step from here on.
        children = router.children.map { .passUnretained(NodeRoles.of($0)) }
        let interactable = router.interactable
        self.interactable = interactable
        controller = router.ownedViewController.map(ObjectIdentifier.init)
        base = interactable as? Interactor
        let type = RoleTypes.roles(of: interactable)
        handler = type.handles ? interactable as? any EventHandling : nil
        exposing = type.exposes ? interactable as? any StateExposing : nil
        var json = JSONWriter(capacity: 64)
        json.beginObject()
        json.field("name", router.name)
        json.field("kind", router.kind.rawValue)
        json.key("active")
        head = json.takeBytes()
    }

    deinit {
        head.baseAddress?.deallocate()
    }

    /// `head` without its opening brace, which `JSONWriter.beginObject(fields:)` writes itself.
    var fields: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: head[1...])
    }

    /// The roles of `router`, worked out on first use.
    static func of(_ router: any Routing) -> NodeRoles {
        if let roles = router.hostContext as? NodeRoles { return roles }
        let roles = NodeRoles(router)
        router.hostContext = roles
        return roles
    }
}
