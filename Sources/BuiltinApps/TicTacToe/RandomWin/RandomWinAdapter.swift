import AppHosting
import RIBs

/// RandomWin as one of LoggedIn's games: builds it, and turns its end into the games' common one.
final class RandomWinAdapter: Game, GameBuildable, RandomWinListener {
    static let gameID = "randomwin"

    let id = RandomWinAdapter.gameID
    let name = "Random Win"
    var builder: any GameBuildable { self }
    private let randomWinBuilder: RandomWinBuilder
    private weak var gameListener: (any GameListener)?

    init(dependency: any RandomWinDependency) {
        randomWinBuilder = RandomWinBuilder(dependency: dependency)
    }

    func build(withListener listener: any GameListener) -> any ViewableRouting {
        gameListener = listener
        return randomWinBuilder.build(withListener: self)
    }

    func didRandomlyWin(with player: PlayerType) throws(EventError) {
        try gameListener?.gameDidEnd(with: player)
    }
}
