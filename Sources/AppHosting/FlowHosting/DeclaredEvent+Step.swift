import Flows

/// A declared event reaches a flow as a step, the way RxFlow steps carry their data (`movieIsPicked(withId:)`):
/// `navigate(to:)` reads it with `step as? DeclaredEvent` and its typed accessors.
extension DeclaredEvent: Step {}
