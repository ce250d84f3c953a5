import HeadlessUI

/// An ordered log shared by several controllers, to check the order of callbacks across them.
final class CallLog {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
    func clear() { entries = [] }
}

/// A screen that records UIKit's callbacks the way a test subclass would.
final class RecordingViewController: ViewController {
    /// This controller's own callbacks, in order.
    private(set) var calls: [String] = []
    private let log: CallLog?

    init(_ screenName: String, log: CallLog? = nil) {
        self.log = log
        super.init(screenName: screenName)
    }

    override func willMove(toParent parent: ViewController?) {
        record("willMove(\(parent?.screenName ?? "nil"))")
    }

    override func didMove(toParent parent: ViewController?) {
        record("didMove(\(parent?.screenName ?? "nil"))")
    }

    override func viewDidAppear(_ animated: Bool) {
        record("viewDidAppear(animated: \(animated), movingToParent: \(isMovingToParent), beingPresented: \(isBeingPresented))")
    }

    override func viewDidDisappear(_ animated: Bool) {
        record("viewDidDisappear(animated: \(animated), movingFromParent: \(isMovingFromParent), beingDismissed: \(isBeingDismissed))")
    }

    private func record(_ call: String) {
        calls.append(call)
        log?.record("\(screenName).\(call)")
    }
}

/// Records which container `parent` names while `willMove(toParent: nil)` runs.
final class ParentProbeViewController: ViewController {
    private(set) var parentDuringWillMoveToNil: [String] = []

    override func willMove(toParent parent: ViewController?) {
        if parent == nil { parentDuringWillMoveToNil.append(self.parent?.screenName ?? "nil") }
    }
}
