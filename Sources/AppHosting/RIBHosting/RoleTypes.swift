import RIBs
import Synchronization

/// Which roles each interactor type plays, learned once per type: a cast that fails is the dearest kind
/// (the runtime looks through every superclass, generic ones instantiated), and a page's interactor, made on
/// every push, plays neither role.
///
/// Process-wide, as conformances are: kept per session it cost every idle session ~80 bytes. A fixed table of
/// atomic words, each a type's metadata address with its two roles in the low bits (metadata is word-aligned),
/// written once and never moved: a push reads it without a lock, and MHD's workers share no lock's cache line.
enum RoleTypes {
    /// Types past this many are answered by casting every time (an app has a handful).
    static let limit = 64

    private static let handlesBit: UInt = 1
    private static let exposesBit: UInt = 2
    private static let roleBits = handlesBit | exposesBit

    private final class Table: Sendable {
        /// Zero is a free slot; slots are taken in order, so the first free one ends a search.
        let slots = InlineArray<64, Atomic<UInt>> { _ in Atomic(0) }
    }

    private static let table = Table()

    /// Whether `interactable`'s type handles events and exposes state.
    static func roles(of interactable: any Interactable) -> (handles: Bool, exposes: Bool) {
        let address = UInt(bitPattern: ObjectIdentifier(type(of: interactable)))
        guard address & roleBits == 0 else { return cast(interactable) }
        // A scan beats hashing for a handful of types.
        for index in 0..<limit {
            let slot = table.slots[index].load(ordering: .relaxed)
            if slot & ~roleBits == address { return (slot & handlesBit != 0, slot & exposesBit != 0) }
            guard slot == 0 else { continue }
            let roles = cast(interactable)
            let learned = address | (roles.handles ? handlesBit : 0) | (roles.exposes ? exposesBit : 0)
            // Another thread may take this slot first, for this type or another: then the type is learned
            // again on its next use, in a later slot.
            _ = table.slots[index].compareExchange(expected: 0, desired: learned, ordering: .relaxed)
            return roles
        }
        return cast(interactable)
    }

    private static func cast(_ interactable: any Interactable) -> (handles: Bool, exposes: Bool) {
        (interactable is any EventHandling, interactable is any StateExposing)
    }
}
