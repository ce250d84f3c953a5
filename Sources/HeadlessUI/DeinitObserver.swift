/// Told when an object it watches is deinitialized: how a leak detector learns of releases without holding
/// weak references (each of which gives its object a side table and every retain of it the slow path).
public protocol DeinitObserver: AnyObject {
    /// The object identified by `id` is being deinitialized.
    func observedObjectDidDeinit(_ id: ObjectIdentifier)
}
