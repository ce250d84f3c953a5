import HeadlessUI
import RIBs
import TestSupport

/// One step of a random sequence: what kind of change, and the random numbers that pick its targets when it runs.
struct TreeOperation {
    /// The changes an app, its user or its RIBs make: the tree's own calls, the navigation calls (pushRouter and
    /// the like), the user's gestures, activity flips, letting go of references, and a render (a `leaks()` read).
    enum Kind {
        case build, attach, detach, push, pop, present, dismiss, userPop, userDismiss, setRouters
        case deactivate, activate, release, render
    }

    // Targets are picked when the step runs, from what exists then: a sequence with steps taken out still
    // replays, which is what shrinking a failure to a short reproduction needs.
    let kind: Kind
    let first: UInt64
    let second: UInt64
    let third: UInt64

    private static let treeKinds: [Kind] = [
        .build, .attach, .attach, .attach, .detach, .detach, .deactivate, .activate, .release, .release, .render,
    ]
    private static let screenKinds: [Kind] = [
        .push, .push, .push, .pop, .pop, .present, .present, .dismiss, .dismiss, .userPop, .userDismiss, .setRouters,
    ]
    /// What app code does from a callback: changes the tree and the screen, never an interactor's activity
    /// directly (only routers drive that in a RIBs app); the user acts between events, not inside them.
    private static let nestedKinds: [Kind] = [
        .build, .attach, .attach, .detach, .detach, .push, .push, .pop, .present, .dismiss, .setRouters, .release,
    ]

    static func random(navigates: Bool, using generator: inout SplitMix64) -> TreeOperation {
        let kinds = navigates ? treeKinds + screenKinds : treeKinds
        return drawn(kinds[Int(generator.next() % UInt64(kinds.count))], using: &generator)
    }

    static func nested(using generator: inout SplitMix64) -> TreeOperation {
        drawn(nestedKinds[Int(generator.next() % UInt64(nestedKinds.count))], using: &generator)
    }

    private static func drawn(_ kind: Kind, using generator: inout SplitMix64) -> TreeOperation {
        TreeOperation(kind: kind, first: generator.next(), second: generator.next(), third: generator.next())
    }
}

/// What the sequence knows of a call before it runs: it must succeed, it must be refused so, or either.
enum Prediction {
    case unknown, succeeds
    case refused(RoutingError)
}

extension RIBWorld {
    /// Runs one step, writing it to the transcript as the code that makes it.
    func perform(_ operation: TreeOperation) {
        let (first, second, third) = (operation.first, operation.second, operation.third)
        switch operation.kind {
        case .build: build(viewable: first % 4 != 0)
        case .attach: attach(first, second, third)
        case .detach: detach(first, second, third)
        case .push: push(first, second, third)
        case .pop: pop(first)
        case .present: present(first, second, third)
        case .dismiss: dismiss(first)
        case .userPop: userPop(first)
        case .userDismiss: userDismiss(first)
        case .setRouters: setRouters(first, second, third)
        case .deactivate: deactivate(first)
        case .activate: activate(first)
        case .release: release(first)
        case .render: break
        }
    }

    // MARK: - The tree

    private func attach(_ first: UInt64, _ second: UInt64, _ third: UInt64) {
        guard let parent = pickParent(first) else { return }
        let child: Int
        if third % 6 == 0, let attached = pick(second, from: childIDs(of: parent)) {
            child = attached
        } else {
            child = pick(second / 2, from: freeIDs().filter(isAttachable)) ?? build(viewable: second % 4 != 0)
        }
        let line = note("try \(name(parent)).attachChild(\(name(child)))")
        attempt(
            line, attaching: [child], predicted: childIDs(of: parent).contains(child) ? .refused(.alreadyAttached(name(child))) : .succeeds
        ) { () throws(RoutingError) in
            guard let parentRouter = router(parent), let childRouter = router(child) else { return }
            try parentRouter.attachChild(childRouter)
        }
    }

    private func detach(_ first: UInt64, _ second: UInt64, _ third: UInt64) {
        guard let (parent, child) = pick(first, from: edges().filter { !busy.contains($0.child) }) else { return }
        if mode.closesScreens, let shown = records[child].shown, shown.by == parent {
            // The app takes a shown RIB away with its screen, under the rule pops and dismissals keep: not a screen
            // a running move depends on.
            guard !takesBusyScreen(child) else { return }
            return takeAway(child, of: parent, shown.how)
        }
        var target = child
        if third % 6 == 0,
            let stranger = pick(second, from: records.map(\.id).filter { !childIDs(of: parent).contains($0) && records[$0].router != nil })
        {
            target = stranger
        }
        let line = note("try \(name(parent)).detachChild(\(name(target)))")
        let predicted: Prediction = target == child ? .succeeds : .refused(.notAChild(name(target)))
        attempt(line, predicted: predicted) { () throws(RoutingError) in
            guard let parentRouter = router(parent), let childRouter = router(target) else { return }
            try parentRouter.detachChild(childRouter)
        }
    }

    private func deactivate(_ first: UInt64) {
        guard depth == 0, let id = pick(first, from: liveIDs()) else { return }
        if expectedActive(id) { resigned.insert(id) }
        note("\(name(id)).interactor.deactivate()")
        records[id].interactor?.deactivate()
    }

    private func activate(_ first: UInt64) {
        // Only where RIBs would: the root, or a RIB whose parent is active.
        let parents = liveParents()
        let candidates = liveIDs().filter { id in parents[id].map { $0.map(expectedActive) ?? true } ?? false }
        guard depth == 0, let id = pick(first, from: candidates) else { return }
        if !expectedActive(id) { resigned.subtract(subtreeIDs(of: id)) }
        note("\(name(id)).interactor.activate()")
        records[id].interactor?.activate()
    }

    private func release(_ first: UInt64) {
        guard let id = pick(first, from: held.keys.filter { $0 != 0 }.sorted()) else { return }
        note("\(name(id)) = nil  // the app lets go of it")
        held[id] = nil
    }

    // MARK: - Navigation

    private func push(_ first: UInt64, _ second: UInt64, _ third: UInt64) {
        guard let parent = pickParent(first) else { return }
        if mode.closesScreens, parent != 0, records[parent].viewable {
            // A RIB with a screen pushes onto its own: only while its screen tops the stack.
            guard records[parent].shown?.how == .pushed, stack.topViewController === records[parent].controller else { return }
        }
        let child = pickChild(of: parent, second, third)
        let line = note("try \(name(parent)).pushRouter(\(name(child)), onto: stack, animated: false)")
        let predicted: Prediction = childIDs(of: parent).contains(child) ? .refused(.alreadyAttached(name(child))) : .unknown
        if attempt(
            line, attaching: [child], predicted: predicted,
            { () throws(RoutingError) in
                guard let parentRouter = router(parent), let childRouter = router(child) as? any ViewableRouting else { return }
                try whileShowing([child], for: parent) { () throws(RoutingError) in
                    try parentRouter.pushRouter(childRouter, onto: stack, animated: false)
                }
            })
        {
            records[child].shown = (.pushed, parent)
        }
    }

    private func pop(_ first: UInt64) {
        guard let (parent, child) = pick(first, from: shownEdges(.pushed).filter { !takesBusyScreen($0.child) }) else { return }
        takeAway(child, of: parent, .pushed)
    }

    /// Takes `child`'s screen away as `parent` showed it, popping or dismissing it (unless it is gone
    /// already), which detaches it.
    func takeAway(_ child: Int, of parent: Int, _ how: RIBRecord.Shown) {
        let call = how == .pushed ? "popRouter(\(name(child)), from: stack" : "dismissRouter(\(name(child))"
        let line = note("try \(name(parent)).\(call), animated: false)")
        attempt(line, predicted: .unknown) { () throws(RoutingError) in
            guard let parentRouter = router(parent), let childRouter = router(child) as? any ViewableRouting else { return }
            if how == .pushed {
                try parentRouter.popRouter(childRouter, from: stack, animated: false)
            } else {
                try parentRouter.dismissRouter(childRouter, animated: false)
            }
        }
    }

    private func present(_ first: UInt64, _ second: UInt64, _ third: UInt64) {
        guard let parent = pickParent(first) else { return }
        let presenter: ViewController
        if mode.closesScreens {
            if parent != 0, records[parent].viewable {
                // A RIB with a screen presents from it, so its dismissal takes what it presented along.
                guard records[parent].shown?.how == .presented, let own = records[parent].controller else { return }
                presenter = own
            } else {
                presenter = topBase()
            }
        } else {
            let onScreen: [ViewController] = [rootRouter.viewController, stack] + records.compactMap { $0.controller }.filter(\.isOnScreen)
            presenter = pick(third / 2, from: onScreen) ?? rootRouter.viewController
        }
        let child = pickChild(of: parent, second, third)
        let style: ModalPresentationStyle = second % 2 == 0 ? .fullScreen : .pageSheet
        let line = note(
            "try \(name(parent)).presentRouter(\(name(child)), from: \(presenter.screenName), style: .\(style), animated: false)")
        let predicted: Prediction = childIDs(of: parent).contains(child) ? .refused(.alreadyAttached(name(child))) : .unknown
        if attempt(
            line, attaching: [child], predicted: predicted,
            { () throws(RoutingError) in
                guard let parentRouter = router(parent), let childRouter = router(child) as? any ViewableRouting else { return }
                try whileShowing([child], for: parent) { () throws(RoutingError) in
                    try parentRouter.presentRouter(childRouter, from: presenter, style: style, animated: false)
                }
            })
        {
            records[child].shown = (.presented, parent)
        }
    }

    private func dismiss(_ first: UInt64) {
        guard let (parent, child) = pick(first, from: shownEdges(.presented).filter { !takesBusyScreen($0.child) }) else { return }
        takeAway(child, of: parent, .presented)
    }

    private func setRouters(_ first: UInt64, _ second: UInt64, _ third: UInt64) {
        // Where screens and RIBs go together, only the root sets the whole stack, from its own children.
        guard busy.isEmpty, let parent = mode.closesScreens ? (isActive(0) ? 0 : nil) : pickParent(first) else { return }
        var candidates = childIDs(of: parent).filter { records[$0].viewable } + freeIDs(viewable: true).filter(isAttachable)
        var list: [Int] = []
        var random = second
        for _ in 0...(third % 3) {
            guard let id = pick(random, from: candidates) else { break }
            list.append(id)
            candidates.removeAll { $0 == id }
            random /= 7
        }
        if list.isEmpty { list.append(build(viewable: true)) }
        let line = note("try \(name(parent)).setRouters([\(list.map(name).joined(separator: ", "))], on: stack, animated: false)")
        // Children it has already stay as they are: only the others are attached (and activated).
        let attaching = list.filter { !childIDs(of: parent).contains($0) }
        if attempt(
            line, attaching: attaching, predicted: .unknown,
            { () throws(RoutingError) in
                guard let parentRouter = router(parent) else { return }
                let routers = list.compactMap { router($0) as? any ViewableRouting }
                try whileShowing(list, for: parent) { () throws(RoutingError) in
                    try parentRouter.setRouters(routers, on: stack, animated: false)
                }
            })
        {
            for id in list { records[id].shown = (.pushed, parent) }
        }
    }

    // MARK: - The user

    private func userPop(_ first: UInt64) {
        let controllers = stack.viewControllers
        guard controllers.count > 1 else { return }
        let target = controllers[Int(first % UInt64(controllers.count - 1))]
        let line = note("try stack.userDidPop(to: \(target.screenName))")
        do {
            _ = try stack.userDidPop(to: target)
        } catch {
            amend(line, with: "throws \(error)")
        }
    }

    private func userDismiss(_ first: UInt64) {
        guard let controller = pick(first, from: records.compactMap(\.controller).filter(\.isPresented)) else { return }
        let line = note("try \(controller.screenName).userDidDismissInteractively()")
        do {
            try controller.userDidDismissInteractively()
        } catch {
            amend(line, with: "throws \(error)")
        }
    }

    // MARK: - Picking

    /// An active RIB in the tree: the strict modes attach only where RIBs activates the child with its parent.
    private func pickParent(_ random: UInt64) -> Int? {
        pick(random, from: liveIDs().filter(isActive))
    }

    /// A RIB with a screen to show for `parent`: a free one or a new one, now and then one already its child
    /// (which RIBs must refuse).
    private func pickChild(of parent: Int, _ second: UInt64, _ third: UInt64) -> Int {
        if third % 6 == 0, let attached = pick(second, from: childIDs(of: parent).filter { records[$0].viewable }) {
            return attached
        }
        if second % 3 != 0, let free = pick(second / 3, from: freeIDs(viewable: true).filter(isAttachable)) { return free }
        return build(viewable: true)
    }

    /// Whether app code may attach free RIB `id` now: not one a navigation call is showing, nor one whose subtree is
    /// resigning (detached from inside its own teardown, it stays detached for this event).
    private func isAttachable(_ id: Int) -> Bool {
        !busy.contains(id) && (resigning.isEmpty || !subtreeIDs(of: id).contains(where: resigning.contains))
    }

    /// Children whose screens their parents showed that way (any viewable child, where the app does not keep
    /// screens and RIBs together).
    private func shownEdges(_ how: RIBRecord.Shown) -> [(parent: Int, child: Int)] {
        edges().filter { edge in
            let record = records[edge.child]
            guard record.viewable else { return false }
            guard mode.closesScreens else { return true }
            return record.shown.map { $0.how == how && $0.by == edge.parent } ?? false
        }
    }

    /// The controller on top of the root's presentations: where a new one goes.
    private func topBase() -> ViewController {
        var base: ViewController = rootRouter.viewController
        while let next = base.presentedViewController, next !== base { base = next }
        return base
    }

    // MARK: - Running a call

    /// Runs a navigation call of `parent` showing `children`. The call changes the screen before it
    /// attaches, and app code that hears the change must not take the RIBs it works on from under it (detach the
    /// parent or an ancestor, or attach a child elsewhere): RIBs has no parent pointers to refuse that by.
    private func whileShowing(_ children: [Int], for parent: Int, _ body: () throws(RoutingError) -> Void) throws(RoutingError) {
        let before = busy
        let parents = liveParents()
        var node: Int? = parent
        while let current = node, busy.insert(current).inserted { node = parents[current] ?? nil }
        busy.formUnion(children)
        defer { busy = before }
        try body()
    }

    /// Whether popping or dismissing `id`'s screen takes a busy RIB's screen with it.
    private func takesBusyScreen(_ id: Int) -> Bool {
        guard !busy.isEmpty else { return false }
        if busy.contains(id) { return true }
        let busyScreens = busy.compactMap { records[$0].controller }
        guard let controller = records[id].controller else { return false }
        if let index = stack.viewControllers.firstIndex(where: { $0 === controller }) {
            return stack.viewControllers[index...].contains { screen in busyScreens.contains { $0 === screen } }
        }
        var node: ViewController? = controller
        while let current = node {
            if busyScreens.contains(where: { $0 === current }) { return true }
            node = current.presentedViewController === current ? nil : current.presentedViewController
        }
        return false
    }

    /// Runs a call RIBs may refuse. One that went through marks the attached RIBs as attached (loaded) and
    /// active in the model; a refusal that ran no app code must leave tree, activity and screen as they were.
    @discardableResult
    func attempt(
        _ line: Int, attaching attached: [Int] = [], predicted: Prediction, _ body: () throws(RoutingError) -> Void
    ) -> Bool {
        let before = state()
        let runs = appCodeRuns
        let subtrees = attached.flatMap(subtreeIDs)
        do {
            try body()
        } catch {
            amend(line, with: "throws \(error)")
            if case .succeeds = predicted { violate(.refusal, "step", "refused with \(error), though RIBs must take it") }
            if case let .refused(expected) = predicted, expected != error {
                violate(.refusal, "step", "refused with \(error), where RIBs refuses with \(expected)")
            }
            if appCodeRuns == runs, state() != before {
                violate(.refusal, "step", "refused with \(error), yet it changed\n      \(before)\n    to\n      \(state())")
            }
            return false
        }
        if case let .refused(expected) = predicted { violate(.refusal, "step", "went through, where RIBs refuses with \(expected)") }
        for id in attached { records[id].everAttached = true }
        resigned.subtract(subtrees)
        return true
    }

    /// The tree, activity and screen, as text to compare.
    func state() -> String {
        let nodes = records.compactMap { record -> String? in
            guard record.router != nil else { return nil }
            return "\(record.name)\(isActive(record.id) ? "+" : "-")[\(childIDs(of: record.id).map(name).joined(separator: ","))]"
        }
        return nodes.joined(separator: " ") + " screen: \(window.snapshot)"
    }
}
