import RIBs

/// OffGame's router: the score board is its child for its whole life.
final class OffGameRouter: ViewableRouter<OffGameInteractor, OffGameViewController> {
    private let scoreBoardBuilder: BasicScoreBoardBuilder

    init(interactor: OffGameInteractor, viewController: OffGameViewController, scoreBoardBuilder: BasicScoreBoardBuilder) {
        self.scoreBoardBuilder = scoreBoardBuilder
        super.init(interactor: interactor, viewController: viewController)
    }

    override func didLoad() {
        super.didLoad()
        // An immutable child, attached once to a router that has none: nothing to refuse.
        let scoreBoard = scoreBoardBuilder.build()
        try? attachChild(scoreBoard)
        viewController.show(scoreBoardView: scoreBoard.viewControllable)
    }
}
