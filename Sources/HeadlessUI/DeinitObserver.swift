/// Told when an object it watches is deinitialized: how a leak detector learns of releases without holding
/// weak references (each of which gives its object a side table and every retain of it the slow path).
public protocol DeinitObserver: AnyObject {
    /// The object identified by `id` is being deinitialized.
    func observedObjectDidDeinit(_ id: ObjectIdentifier)
}

/// The one observer an object tells from its `deinit`, kept by the object.
///
/// The first observer keeps the place for the object's whole life and later ones are refused: an observer
/// may rely on the call (the leak detector keeps an unretained reference until it comes), so no one may take
/// the place from it.
public struct DeinitReport {
    private var observer: (any DeinitObserver)?

    /// No observer yet.
    public init() {}

    /// Takes the place for `observer`, or confirms it already has it; false when another one has it.
    public mutating func claim(for observer: any DeinitObserver) -> Bool {
        if let current = self.observer { return current === observer }
        self.observer = observer
        return true
    }

    /// Tells the observer, if any, that `object` is going; call from `deinit`.
    public func send(for object: AnyObject) {
        observer?.observedObjectDidDeinit(ObjectIdentifier(object))
    }
}
