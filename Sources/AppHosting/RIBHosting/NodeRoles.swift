import Locking
import RIBs

/// What the host needs of a router on every event, worked out once per router and kept on it.
///
/// A protocol cast asks the runtime's conformance cache and walks the interactor's superclasses, and a
/// retained existential of an interactor (which has weak references to it, hence a side table) takes the
/// slow reference-counting path: the dispatch path and every rendered node would pay both on every event.
final class NodeRoles {
    // Unowned(unsafe): the router owns both this object and its interactor, and no one reads these
    // without holding the router, so they cannot outlive what they point to.
    /// The interactor the router drives.
    unowned(unsafe) let interactable: any Interactable
    /// The interactor as an event handler, if it is one.
    unowned(unsafe) let handler: (any EventHandling)?
    /// The interactor as a state source, if it is one.
    unowned(unsafe) let exposing: (any StateExposing)?
    /// The node's constant fields, `"name":…,"kind":…,"active":`, rendered once.
    let head: [UInt8]
    /// The view controller the router owns, by identity (a router's view is fixed for its life); compared
    /// without retaining the controller.
    let controller: ObjectIdentifier?
    /// The interactor as RIBs' base class, when it is one (almost always).
    private let base: Unmanaged<Interactor>?

    /// Whether the interactor is active. Read through `base` without a retain: an interactor has a side
    /// table (its view and children hold it weakly), so each retain and release takes the slow path.
    var isActive: Bool {
        if let base { return base._withUnsafeGuaranteedRef { $0.isActive } }
        return interactable.isActive
    }

    private init(_ router: any Routing) {
        let interactable = router.interactable
        self.interactable = interactable
        controller = router.ownedViewController.map(ObjectIdentifier.init)
        base = (interactable as? Interactor).map { Unmanaged.passUnretained($0) }
        let type = RoleTypes.roles(of: interactable)
        handler = type.handles ? interactable as? any EventHandling : nil
        exposing = type.exposes ? interactable as? any StateExposing : nil
        var json = JSONWriter(capacity: 64)
        json.beginObject()
        json.field("name", router.name)
        json.field("kind", router.kind.rawValue)
        json.key("active")
        head = json.withBytes { Array($0.dropFirst()) }
    }

    /// The roles of `router`, worked out on first use.
    static func of(_ router: any Routing) -> NodeRoles {
        if let roles = router.hostContext as? NodeRoles { return roles }
        let roles = NodeRoles(router)
        router.hostContext = roles
        return roles
    }
}

/// Which roles each interactor type plays, learned once per type: a cast that fails is the dearest kind
/// (the runtime looks through every superclass, generic ones instantiated), and a page's interactor, made on
/// every push, plays neither role.
///
/// Process-wide, as conformances are: kept per session it cost every idle session ~80 bytes. One list per
/// thread stripe, so MHD's workers do not share a lock's cache line on every push.
enum RoleTypes {
    /// Types past this many are answered by casting every time (an app has a handful).
    static let limit = 64

    private struct Entry {
        let type: ObjectIdentifier
        let handles: Bool
        let exposes: Bool
    }

    private static let stripes: [Lock<[Entry]>] = (0..<8).map { _ in Lock([]) }

    /// Whether `interactable`'s type handles events and exposes state.
    static func roles(of interactable: any Interactable) -> (handles: Bool, exposes: Bool) {
        let type = ObjectIdentifier(Swift.type(of: interactable))
        let stripe = stripes[ThreadStripe.index(bits: 3)]
        // A scan beats hashing for a handful of types.
        if let entry = stripe.withLock({ known in known.first { $0.type == type } }) { return (entry.handles, entry.exposes) }
        let entry = Entry(type: type, handles: interactable is any EventHandling, exposes: interactable is any StateExposing)
        stripe.withLock { known in
            if known.count < limit, !known.contains(where: { $0.type == type }) { known.append(entry) }
        }
        return (entry.handles, entry.exposes)
    }
}
