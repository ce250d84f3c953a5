import HeadlessUI
import RIBs

/// OffGame's screen: the score board's view contained in it, above the games' buttons.
final class OffGameViewController: ViewController, ViewControllable, Presentable {
    func show(scoreBoardView: any ViewControllable) {
        let scoreBoard = scoreBoardView.uiviewController
        addChild(scoreBoard)
        scoreBoard.didMove(toParent: self)
    }
}
