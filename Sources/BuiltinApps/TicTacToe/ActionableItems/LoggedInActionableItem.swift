import RIBs

/// What a workflow may ask of LoggedIn (the tutorial's `LoggedInActionableItem`).
protocol LoggedInActionableItem: AnyObject {
    /// Starts the game whose id is `id` (any case), or stays where it is when no game has that id.
    func launchGame(with id: String?) -> StepOutcome<any LoggedInActionableItem, Void>
}
