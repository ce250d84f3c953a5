import RIBs

/// The tutorial's deep link `launchGame?gameId=<id>`: wait for the players to log in, then start that game.
///
/// Only the workflow: reading a link and subscribing it belongs to whoever receives links. Run before login, it
/// waits (`resume()` after login goes on); `run(_:)` settles it, failing with "still waiting until the players log in".
final class LaunchGameWorkflow: Workflow<any RootActionableItem> {
    init(gameId: String?) {
        super.init()
        onStep("waitForLogin") { (rootItem: any RootActionableItem) in rootItem.waitForLogin() }
            .onStep("launchGame") { (loggedInItem: any LoggedInActionableItem, _: Void) in loggedInItem.launchGame(with: gameId) }
            .commit()
    }
}
