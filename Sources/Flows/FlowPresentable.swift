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
    /// RxFlow's `rxVisible`: on screen, not covered by a controller pushed above it nor by a full-screen modal
    /// (a page sheet leaves its presenter visible, as in UIKit). A controller contained in a page is as visible
    /// as the page: each container on the way up must show the branch it is in (a stack shows its top only).
    public var isVisible: Bool {
        let controller = presentableController
        guard let window = controller.window else { return false }
        var container = controller
        while let parent = container.parent {
            if !parent.shownChildren.contains(where: { $0 === container }) { return false }
            container = parent
        }
        let layers = window.layers
        guard let index = layers.firstIndex(where: { $0.controller === container }) else { return false }
        return !layers[(index + 1)...].contains { $0.style == .fullScreen }
    }
}
