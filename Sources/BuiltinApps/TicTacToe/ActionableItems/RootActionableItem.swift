import RIBs

/// What a workflow may ask of Root (the tutorial's `RootActionableItem`): to go on once the players logged in.
protocol RootActionableItem: AnyObject {
    /// Goes on with LoggedIn once the players are logged in (the tutorial replays the last LoggedIn to subscribers).
    func waitForLogin() -> StepOutcome<any LoggedInActionableItem, Void>
}
