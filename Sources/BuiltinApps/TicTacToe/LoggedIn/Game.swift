import AppHosting
import RIBs

/// What a game tells LoggedIn when it is over.
protocol GameListener: AnyObject {
    /// The game ended; `winner` is nil for a tie.
    func gameDidEnd(with winner: PlayerType?) throws(EventError)
}

/// Builds a game's RIB, whatever the game (the tutorial's `GameBuildable`).
protocol GameBuildable: Buildable {
    func build(withListener listener: any GameListener) -> any ViewableRouting
}

/// One of the games OffGame offers, with what builds it.
protocol Game {
    /// What `startGame` names it by.
    var id: String { get }
    /// Its button's title.
    var name: String { get }
    var builder: any GameBuildable { get }
}
