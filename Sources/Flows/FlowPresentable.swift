import HeadlessUI

/// Something a flow can contribute: a screen, or another flow (RxFlow's `Presentable`).
public protocol FlowPresentable: AnyObject {
    /// The controller that shows it; a flow answers with its root's.
    var presentableController: ViewController { get }
}

extension ViewController: FlowPresentable {
    public var presentableController: ViewController { self }
}

extension FlowPresentable {
    /// RxFlow's `rxVisible`: the controller that shows it is visible (`ViewController.isVisible`): on screen,
    /// not covered by a controller pushed above it nor by a full-screen modal.
    public var isVisible: Bool { presentableController.isVisible }
}

extension FlowPresentable {
    /// RxFlow's `rxDismissed`: calls `observer` once, when the controller that shows it (a flow: its root) leaves
    /// the window. See `ViewController.observeDismissal(_:)`; keep the observation to hear it.
    public func observeDismissal(_ observer: @escaping () -> Void) -> DismissalObservation {
        presentableController.observeDismissal(observer)
    }
}
