import HeadlessUI

/// A screen that logs viewDidLoad and the four appearance calls, with the flags that say why, into a shared
/// log, and runs what a test gives it from inside them.
final class LifecycleRecorder: ViewController {
    private let log: CallLog
    var onLoad: (() -> Void)?
    var onWillAppear: (() -> Void)?

    init(_ screenName: String, log: CallLog) {
        self.log = log
        super.init(screenName: screenName)
    }

    override func viewDidLoad() {
        log.record("\(screenName).viewDidLoad")
        take(&onLoad)?()
    }

    override func viewWillAppear(_ animated: Bool) {
        log.record("\(screenName).viewWillAppear\(appearFlags)")
        take(&onWillAppear)?()
    }

    override func viewDidAppear(_ animated: Bool) { log.record("\(screenName).viewDidAppear\(appearFlags)") }
    override func viewWillDisappear(_ animated: Bool) { log.record("\(screenName).viewWillDisappear\(disappearFlags)") }
    override func viewDidDisappear(_ animated: Bool) { log.record("\(screenName).viewDidDisappear\(disappearFlags)") }

    private var appearFlags: String { flags(("moving", isMovingToParent), ("presented", isBeingPresented)) }
    private var disappearFlags: String { flags(("moving", isMovingFromParent), ("dismissed", isBeingDismissed)) }

    private func flags(_ pairs: (String, Bool)...) -> String {
        let raised = pairs.filter(\.1).map(\.0)
        return raised.isEmpty ? "" : "(\(raised.joined(separator: ", ")))"
    }

    /// A hook runs once.
    private func take(_ hook: inout (() -> Void)?) -> (() -> Void)? {
        defer { hook = nil }
        return hook
    }
}
