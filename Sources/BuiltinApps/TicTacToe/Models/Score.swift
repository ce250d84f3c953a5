/// How many games each player has won since they logged in.
struct Score: Equatable {
    var player1Score = 0
    var player2Score = 0

    /// The score with one more win for `winner`.
    func adding(winFor winner: PlayerType) -> Score {
        var score = self
        switch winner {
        case .player1: score.player1Score += 1
        case .player2: score.player2Score += 1
        }
        return score
    }
}
