import AppHosting
import HeadlessUI
import RIBs

/// Root's screen: LoggedOut, then LoggedIn's screens, each presented full screen over it in turn.
final class TicTacToeRootViewController: ViewController, ViewControllable, Presentable, LoggedInViewControllable {
    /// The tutorial's `replaceModal(viewController:)`: dismisses what is presented, then presents `viewController`
    /// full screen. The tutorial queues a second call behind a running animation; here views change at once.
    func replaceModal(viewController: (any ViewControllable)?) throws(EventError) {
        do {
            if presentedViewController != nil { try dismiss(animated: true) }
            if let viewController { try present(viewController.uiviewController, animated: true, style: .fullScreen) }
        } catch {
            throw EventError(.view(error))
        }
    }
}
