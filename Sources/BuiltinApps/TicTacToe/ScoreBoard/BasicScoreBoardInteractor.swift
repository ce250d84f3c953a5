import AppHosting
import RIBs

/// The score board follows the score while it is active and shows it with the players' names.
final class BasicScoreBoardInteractor: PresentableInteractor<BasicScoreBoardViewController>, StateExposing {
    private let scoreStream: any ScoreStream
    private let player1Name: String
    private let player2Name: String
    private var score = Score()

    init(presenter: BasicScoreBoardViewController, scoreStream: any ScoreStream, player1Name: String, player2Name: String) {
        self.scoreStream = scoreStream
        self.player1Name = player1Name
        self.player2Name = player2Name
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        // Weakly: the stream outlives this RIB (LoggedIn's component keeps it); the observation ends when it resigns.
        scoreStream.observeScore { [weak self] score in self?.score = score }.cancelOnDeactivate(interactor: self)
    }

    var exposedState: [(key: String, value: String)] {
        [
            ("player1Name", player1Name), ("player1Score", String(score.player1Score)),
            ("player2Name", player2Name), ("player2Score", String(score.player2Score)),
        ]
    }
}
