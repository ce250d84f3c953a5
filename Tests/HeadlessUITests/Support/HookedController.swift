import HeadlessUI

/// Runs what a test gives it from inside its appearance calls, and records the flags it saw there.
final class HookedController: ViewController {
    var onAppear: ((HookedController) -> Void)?
    var onDisappear: ((HookedController) -> Void)?
    private(set) var calls: [String] = []

    override func viewDidAppear(_ animated: Bool) {
        calls.append("A(moving: \(isMovingToParent), presented: \(isBeingPresented))")
        let hook = onAppear
        onAppear = nil
        hook?(self)
    }

    override func viewDidDisappear(_ animated: Bool) {
        calls.append(
            "D(moving: \(isMovingFromParent), dismissed: \(isBeingDismissed), appearFlags: \(isMovingToParent || isBeingPresented))")
        let hook = onDisappear
        onDisappear = nil
        hook?(self)
    }
}
