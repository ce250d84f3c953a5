import HeadlessUI

/// One live app in one session: the tree, the screen, and the dispatch of events into it.
///
/// Implementations are not thread-safe: a session drives its runtime under its own lock.
/// Applying an event must be deterministic (no clocks, ids or randomness but what is injected),
/// so that replaying a session's history rebuilds the same state.
public protocol AppRuntime: AnyObject {
    /// Applies one event. On error the runtime may be half-changed: the caller rebuilds it from history when
    /// `writeState` shows a change, so an error must leave anything `writeState` does not show as it was.
    func apply(_ event: AppEvent) throws(EventError)
    /// Writes the state fields `tree`, `layers`, `stack`, `top`, `accepts` and `leaks` into an open object;
    /// `accepts` (and whatever else lists moves) empty unless `accepting` (a session that takes no more events).
    func writeState(to json: inout JSONWriter, accepting: Bool)
    /// The window the app shows its screens in.
    var window: Window { get }
    /// The event types the app would handle now.
    var acceptedEvents: [EventType] { get }
    /// How many of the leaks shown when the state was last written had never been shown before: a detached
    /// object that stays alive is found once, not again with every state that still lists it.
    var newLeakCount: Int { get }
    /// Detaches the whole tree (every interactor deactivated) and removes every view from the window.
    func tearDown()
}

extension AppRuntime {
    /// Writes the state fields of a runtime that takes events.
    public func writeState(to json: inout JSONWriter) {
        writeState(to: &json, accepting: true)
    }
}
