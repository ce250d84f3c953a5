import RIBs

/// The players' score as the score board reads it (the tutorial's `ScoreStream`, an Rx observable there): the
/// current score at once, then every change, to a callback.
protocol ScoreStream: AnyObject {
    /// The score now.
    var score: Score { get }
    /// Calls `observer` with the score now and after every change, until the observation is cancelled or released.
    func observeScore(_ observer: @escaping (Score) -> Void) -> ScoreObservation
}

/// The score as the games write it: a win counts for its player.
protocol MutableScoreStream: ScoreStream {
    func updateScore(with winner: PlayerType)
}

/// One pair of players' score, kept by LoggedIn's component for as long as they stay logged in.
final class ScoreStreamImpl: MutableScoreStream {
    private(set) var score = Score()
    private var observers: [(id: Int, receive: (Score) -> Void)] = []
    private var nextID = 0

    func observeScore(_ observer: @escaping (Score) -> Void) -> ScoreObservation {
        let id = nextID
        nextID += 1
        observers.append((id, observer))
        observer(score)
        return ScoreObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    func updateScore(with winner: PlayerType) {
        score = score.adding(winFor: winner)
        for observer in observers { observer.receive(score) }
    }
}

/// A subscription to a score stream; stops when cancelled or released.
final class ScoreObservation: Cancellable {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    deinit { cancel() }

    func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }
}
