/// One of the two players who logged in together (the tutorial's `PlayerType`).
enum PlayerType: String {
    case player1, player2

    /// The mark the board shows for the player: the tutorial paints the cells red and blue instead.
    var mark: Character {
        switch self {
        case .player1: "X"
        case .player2: "O"
        }
    }

    /// The player who moves after this one.
    var other: PlayerType {
        switch self {
        case .player1: .player2
        case .player2: .player1
        }
    }
}
