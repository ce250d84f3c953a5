import HeadlessUI

/// Something that can be shown: exposes its view controller (RIBs' `uiviewController`).
public protocol ViewControllable: AnyObject {
    /// The controller that represents this RIB on screen.
    var uiviewController: ViewController { get }
}

extension ViewControllable where Self: ViewController {
    /// A view controller is its own view controller.
    public var uiviewController: ViewController { self }
}
