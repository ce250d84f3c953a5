import Flows

/// An ordered record of what happened in one test: navigations, view operations, steppers coming alive, ends.
final class EventLog {
    private(set) var events: [String] = []

    func record(_ event: String) { events.append(event) }

    /// Forgets what happened so far (the scenario's setup).
    func clear() { events = [] }

    /// Records the coordinator's callbacks: `will Flow step`, `did Flow step`, `end Name (flow|screen)`.
    func attach(to coordinator: FlowCoordinator) {
        coordinator.willNavigate = { [unowned self] flow, step in
            record("will \(Self.name(of: flow)) \(FlowCoordinator.name(of: step))")
        }
        coordinator.didNavigate = { [unowned self] flow, step in
            record("did \(Self.name(of: flow)) \(FlowCoordinator.name(of: step))")
        }
        coordinator.didEnd = { [unowned self] name, _, isFlow in
            record("end \(name) (\(isFlow ? "flow" : "screen"))")
        }
    }

    static func name(of flow: any Flow) -> String { String(describing: type(of: flow)) }
}

/// A weak reference the test keeps to check that something was released.
final class WeakRef<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object? = nil) { self.object = object }
}
