import AppHosting
import Flows

/// A step a declared flow takes, by name: `FlowCoordinator.name(of:)` reads its raw value, so refusals name it
/// as they name a Swift app's string enum case.
struct DeclaredStep: Step, RawRepresentable, Equatable {
    let rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name of `step` if it is one a declared flow can take: a declared step, or an app-defined event.
    static func name(of step: any Step) -> String? {
        if let step = step as? DeclaredStep { return step.rawValue }
        return (step as? DeclaredEvent)?.type
    }
}
