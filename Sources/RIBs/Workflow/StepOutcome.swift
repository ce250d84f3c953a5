/// What a workflow step answers: RIBs' step stream, resolved without Rx. A step goes on now, goes on once a
/// condition holds, or says why it cannot go on.
public enum StepOutcome<ActionableItem, Value> {
    /// Go on to the next step with this item and value.
    case proceed(ActionableItem, Value)
    /// Go on once the condition returns an item and value (RIBs' `waitForLogin()`-style stream). It is checked at
    /// once, then at each `resume()`; the description names what it waits for when settling fails the step.
    case waitUntil(String, () -> (ActionableItem, Value)?)
    /// End the workflow: this step cannot go on, for the reason given.
    case cannotProceed(String)
}

extension StepOutcome where Value == Void {
    /// Go on to the next step with this item and no value.
    public static func proceed(_ item: ActionableItem) -> Self { .proceed(item, ()) }
}
