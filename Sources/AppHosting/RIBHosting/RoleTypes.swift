import Locking
import RIBs

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
