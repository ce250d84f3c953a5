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
    /// RxFlow's `rxVisible`: on screen and not covered by a controller pushed above it.
    public var isVisible: Bool {
        let controller = presentableController
        guard controller.isOnScreen else { return false }
        if let stack = controller.navigationController { return stack.topViewController === controller }
        return true
    }
}
