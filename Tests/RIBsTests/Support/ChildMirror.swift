import RIBs

/// A host context that keeps its own list of a router's children from the attach and detach it is told of, as a
/// render's view of the tree does: the property suite checks that the list always is the router's children.
final class ChildMirror: RoutingHostContext {
    /// The children as the hooks told them, by identity.
    private(set) var children: [ObjectIdentifier]

    /// Starts from the router's children as they are now (a host may come to a router late).
    init(of router: any Routing) {
        children = router.children.map { ObjectIdentifier($0) }
    }

    func routerDidAttach(_ child: any Routing) {
        children.append(ObjectIdentifier(child))
    }

    func routerDidDetachChild(at index: Int) {
        children.remove(at: index)
    }
}
