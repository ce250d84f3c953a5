import HeadlessUI
import TestSupport

/// A controller of a random sequence: it reports each appearance call it hears to its world.
final class ProbeController: ViewController {
    // Weak: a world that goes takes its windows with it, and their roots hear that they left after it is gone.
    private weak var world: ScreenWorld?

    init(_ screenName: String, world: ScreenWorld) {
        self.world = world
        super.init(screenName: screenName)
    }

    override func viewDidLoad() { world?.heard(self, .didLoad) }
    override func viewWillAppear(_ animated: Bool) { world?.heard(self, .willAppear) }
    override func viewDidAppear(_ animated: Bool) { world?.heard(self, .didAppear) }
    override func viewWillDisappear(_ animated: Bool) { world?.heard(self, .willDisappear) }
    override func viewDidDisappear(_ animated: Bool) { world?.heard(self, .didDisappear) }
}

/// A lifecycle call a probe heard.
enum ProbeCall: String {
    case didLoad = "viewDidLoad"
    case willAppear = "viewWillAppear"
    case didAppear = "viewDidAppear"
    case willDisappear = "viewWillDisappear"
    case didDisappear = "viewDidDisappear"

    var isAppearing: Bool { self == .willAppear || self == .didAppear }
    var isDisappearing: Bool { self == .willDisappear || self == .didDisappear }
}

/// The properties of the appearance model a random sequence is checked against.
enum AppearanceProperty: String {
    case appearedTwice = "viewWillAppear while appearing or on screen"
    case disappearedUnseen = "viewWillDisappear while not on screen, and not dismissed"
    case unpaired = "a did call without its will call just before"
    case loadedWrongly = "viewDidLoad twice, or viewWillAppear before it"
    case halfTransition = "a will call left without its did call once the step is over"
    case aheadOfContainer = "viewWillAppear while its container is not coming on screen"
    case wrongFlag = "a flag raised that does not say why the call came"
    case flagLeftUp = "a flag still raised once the step is over"
    case lastCallMismatch = "last appearance call disagrees with what the windows show"
    case visibilityMismatch = "isVisible disagrees with what the windows show"
    case hierarchyCycle = "a controller hangs from itself"
    case layersMismatch = "a window's layers, its walk over them or its top disagree with what its controllers present"
}

/// The windows and controllers a random sequence builds, what each probe heard last, and what broke.
final class ScreenWorld: TranscriptWriting {
    let mode: AppearanceMode
    /// Drives the app code that runs inside callbacks, so a sequence replays the same nested changes.
    var generator: SplitMix64
    /// Every controller made, kept alive to the end: the model's back pointers are unretained.
    private(set) var controllers: [ViewController] = []
    private(set) var windows: [(number: Int, window: Window)] = []
    /// What each window was last given as its root (a window takes the same root twice as a no-op).
    var assignedRoots: [Int: ViewController] = [:]
    /// The root each window shows, by the sequence's own record (kept apart from the model's, for the oracle):
    /// another window that takes it since shows it instead.
    var shownRoots: [Int: ViewController] = [:]
    var keyWindows: Set<Int> = []
    /// Each probe's last appearance call (none: it has heard none).
    private(set) var lastCall: [ObjectIdentifier: ProbeCall] = [:]
    /// Probes that heard viewDidLoad.
    private(set) var loaded: Set<ObjectIdentifier> = []
    var violations: [PropertyViolation<AppearanceProperty>] = []
    /// The sequence as code, with the callbacks each step caused: what a failure reports. Probes are written as the
    /// test target's `HookedController`, whose hooks stand for the code a callback runs.
    var transcript: [String] = []
    /// How deep in app code called from callbacks the current step runs (0 at the top).
    private(set) var depth = 0
    private var windowCount = 0

    init(mode: AppearanceMode, seed: UInt64) {
        self.mode = mode
        generator = SplitMix64(seed: seed)
    }

    // MARK: - Building

    /// A first window, made visible with a probe or a stack as its root. The window is not held here: a step
    /// that lets it go must see it go.
    func start(stackAtRoot: Bool) {
        let (number, window) = makeWindow()
        let root = makeController(stack: stackAtRoot)
        note("w\(number)?.rootViewController = \(root.screenName)")
        _ = recordRootAssignment(root, toWindow: number)
        window.rootViewController = root
        note("w\(number)?.makeKeyAndVisible()")
        keyWindows.insert(number)
        window.makeKeyAndVisible()
    }

    /// A new probe or, for `stack`, a navigation controller with a new probe at its root.
    func makeController(stack: Bool) -> ViewController {
        let probe = ProbeController("v\(controllers.count)", world: self)
        controllers.append(probe)
        guard stack else {
            note("let \(probe.screenName) = HookedController(screenName: \"\(probe.screenName)\")")
            return probe
        }
        // A fresh probe is free, so the initializer cannot refuse it.
        let nav = try! NavigationController(rootViewController: probe)
        nav.screenName = "nav\(controllers.count)"
        controllers.append(nav)
        note("let \(probe.screenName) = HookedController(screenName: \"\(probe.screenName)\")")
        note(
            "let \(nav.screenName) = try NavigationController(rootViewController: \(probe.screenName)); \(nav.screenName).screenName = \"\(nav.screenName)\""
        )
        return nav
    }

    /// A tab bar with up to three new probes or stacks as its tabs (none, sometimes), the first one selected.
    func makeTabBar(seed: UInt64) -> TabBarController {
        let tabs = (0..<Int(seed % 4)).map { index in makeController(stack: (seed >> (2 + index)) % 2 == 0) }
        // Fresh controllers are free, so the initializer cannot refuse them.
        let tabBar = try! TabBarController(viewControllers: tabs)
        tabBar.screenName = "tabs\(controllers.count)"
        controllers.append(tabBar)
        note(
            "let \(tabBar.screenName) = try TabBarController(viewControllers: [\(tabs.map(\.screenName).joined(separator: ", "))]); \(tabBar.screenName).screenName = \"\(tabBar.screenName)\""
        )
        return tabBar
    }

    func makeWindow() -> (number: Int, window: Window) {
        let entry = (number: windowCount, window: Window())
        windowCount += 1
        windows.append(entry)
        note("var w\(entry.number): Window? = Window()")
        return entry
    }

    /// Lets a window go: with it go its claim on its root, which leaves the screen.
    func releaseWindow(at index: Int) {
        let number = windows[index].number
        shownRoots[number] = nil
        assignedRoots[number] = nil
        keyWindows.remove(number)
        note("w\(number) = nil")
        // Out of the list before it goes: app code its root's callbacks run must not find it.
        windows.remove(at: index)
    }

    /// A controller to act on: three times in four one in a window, where changes have callbacks to check.
    func pick(_ random: UInt64) -> ViewController {
        pick(random, from: controllers) ?? controllers[0]
    }

    /// A controller to put somewhere: half the time one that is free to go anywhere (else most steps would be
    /// refusals), otherwise any, as `pick` chooses.
    func pickTarget(_ random: UInt64) -> ViewController {
        if random % 2 == 0 {
            let free = controllers.filter { $0.parent == nil && !$0.isPresented && $0.presentedViewController == nil && $0.window == nil }
            if !free.isEmpty { return free[Int((random / 2) % UInt64(free.count))] }
        }
        return pick(random / 2)
    }

    /// A controller to dismiss: three times in four one that presents or is presented, if any, else as `pick` does.
    func pickModal(_ random: UInt64) -> ViewController {
        guard random % 4 != 0 else { return pick(random / 4) }
        return pick(random / 4, from: controllers.filter { $0.presentingViewController != nil || $0.presentedViewController != nil })
            ?? pick(random / 4)
    }

    /// A navigation controller to act on, in a window three times in four, if there is any.
    func pickStack(_ random: UInt64) -> NavigationController? {
        pick(random, from: controllers.compactMap { $0 as? NavigationController })
    }

    /// A tab bar controller to act on, in a window three times in four, if there is any.
    func pickTabBar(_ random: UInt64) -> TabBarController? {
        pick(random, from: controllers.compactMap { $0 as? TabBarController })
    }

    private func pick<Controller: ViewController>(_ random: UInt64, from candidates: [Controller]) -> Controller? {
        if random % 4 != 0 {
            let inWindow = candidates.filter { $0.window != nil }
            if !inWindow.isEmpty { return inWindow[Int((random / 4) % UInt64(inWindow.count))] }
        }
        return candidates.isEmpty ? nil : candidates[Int((random / 4) % UInt64(candidates.count))]
    }

    // MARK: - Transcript

    func violate(_ property: AppearanceProperty, _ controller: ViewController, _ detail: String) {
        record(PropertyViolation(property, controller.screenName, detail))
    }

    // MARK: - Callbacks

    /// Checks a call against the last one the probe heard, then runs the app code the mode puts in callbacks.
    func heard(_ probe: ProbeController, _ call: ProbeCall) {
        let id = ObjectIdentifier(probe)
        let raised = [
            ("isMovingToParent", probe.isMovingToParent), ("isBeingPresented", probe.isBeingPresented),
            ("isMovingFromParent", probe.isMovingFromParent), ("isBeingDismissed", probe.isBeingDismissed),
            ("isParentBeingDismissed", probe.isParentBeingDismissed),
        ].filter(\.1).map(\.0)
        let line = note("// \(probe.screenName).\(call.rawValue)\(raised.isEmpty ? "" : " " + raised.joined(separator: ", "))", extra: 1)
        let dismissed = probe.isBeingDismissed || probe.isParentBeingDismissed
        let last = lastCall[id]
        switch call {
        case .didLoad:
            // Disappearance calls may come first: a dismissal tells even a controller that never came on screen.
            if !loaded.insert(id).inserted { violate(.loadedWrongly, probe, "heard viewDidLoad twice") }
        case .willAppear:
            if let last, last.isAppearing { violate(.appearedTwice, probe, "heard viewWillAppear after \(last.rawValue)") }
            if let container = probe.parent as? ProbeController, lastCall[ObjectIdentifier(container)]?.isAppearing != true {
                violate(
                    .aheadOfContainer, probe,
                    "its container \(container.screenName)'s last call was \(lastCall[ObjectIdentifier(container)]?.rawValue ?? "none")")
            }
        case .didAppear:
            if last != .willAppear { violate(.unpaired, probe, "heard viewDidAppear after \(last?.rawValue ?? "nothing")") }
        case .willDisappear:
            // A dismissal is the exception: it reaches controllers a full-screen presentation hid, so their RIBs close.
            if last?.isAppearing != true, !dismissed {
                violate(.disappearedUnseen, probe, "heard viewWillDisappear after \(last?.rawValue ?? "nothing")")
            }
        case .didDisappear:
            if last != .willDisappear { violate(.unpaired, probe, "heard viewDidDisappear after \(last?.rawValue ?? "nothing")") }
        }
        if call.isAppearing {
            if !loaded.contains(id) { violate(.loadedWrongly, probe, "heard \(call.rawValue) before viewDidLoad") }
            if probe.isMovingFromParent || probe.isBeingDismissed {
                violate(.wrongFlag, probe, "a disappearance flag is up in \(call.rawValue)")
            }
            if probe.isMovingToParent, probe.parent == nil { violate(.wrongFlag, probe, "isMovingToParent is up but it has no container") }
            if probe.isBeingPresented, !probe.isPresented { violate(.wrongFlag, probe, "isBeingPresented is up but it is not presented") }
        } else if call.isDisappearing {
            if probe.isMovingToParent || probe.isBeingPresented {
                violate(.wrongFlag, probe, "an appearance flag is up in \(call.rawValue)")
            }
        } else if raised.contains(where: { $0 != "isParentBeingDismissed" }) {
            violate(.wrongFlag, probe, "a flag is up in viewDidLoad")
        }
        if call != .didLoad { lastCall[id] = call }
        guard depth == 0, let operation = appCode(call, dismissed: dismissed) else { return }
        amend(line, with: "its code runs:")
        depth += 1
        perform(operation)
        depth -= 1
    }

    /// What the mode's app code does from inside a callback at the top level, if anything.
    private func appCode(_ call: ProbeCall, dismissed: Bool) -> ScreenOperation? {
        switch mode.appCode {
        case .none:
            return nil
        case .closeHandlers:
            // A RIB closing with its dismissed screen: half the time it tidies its stack or dismisses more.
            guard call == .didDisappear, dismissed, generator.next() % 2 == 0 else { return nil }
            return ScreenOperation.closeHandler(using: &generator)
        case .anyCallback:
            guard generator.next() % 6 == 0 else { return nil }
            return ScreenOperation.random(using: &generator, tabs: mode.tabs)
        }
    }

    // MARK: - After each step

    /// Once a step and the app code it ran are over: every controller is visible exactly when the windows show it
    /// (by `expectedOnScreen`, which does not ask the model), every probe's last call says the same, no flag is up.
    func checkSettled() {
        if let looped = firstInCycle() {
            return violate(.hierarchyCycle, looped, "hangs from itself through its containers and presenters")
        }
        let expected = expectedOnScreen()
        for (_, window) in windows { checkLayers(of: window, shown: expected) }
        for controller in controllers {
            let id = ObjectIdentifier(controller)
            let onScreen = expected.contains(id)
            if controller.isVisible != onScreen {
                violate(
                    .visibilityMismatch, controller,
                    "isVisible is \(controller.isVisible) but the windows \(onScreen ? "show" : "do not show") it")
            }
            let last = lastCall[id]
            if last == .willAppear || last == .willDisappear {
                violate(.halfTransition, controller, "its last call was \(last!.rawValue)")
            } else if controller is ProbeController, (last == .didAppear) != onScreen {
                violate(
                    .lastCallMismatch, controller,
                    "its last call was \(last?.rawValue ?? "none") but the windows \(onScreen ? "show" : "do not show") it")
            }
            if controller.isMovingToParent || controller.isBeingPresented || controller.isMovingFromParent || controller.isBeingDismissed {
                violate(.flagLeftUp, controller, "a flag is still up after the step")
            }
        }
    }
}
