import HeadlessUI
import RIBs
import TestSupport

// The expectations a step is checked against. They never ask RIBs what it thinks: activity follows from the tree
// and the sequence's own record of the interactors it deactivated itself, what must live from what the app holds
// (ARC frees the rest at once), and what `leaks()` must list from which RIBs were ever attached and where they
// are now. A bug in RIBs' bookkeeping then shows as a disagreement instead of hiding in both sides.
extension RIBWorld {
    /// Each RIB of the tree under the root and its parent there (nil for the root).
    func liveParents() -> [Int: Int?] {
        var parents: [Int: Int?] = [:]
        func walk(_ id: Int, from parent: Int?) {
            guard parents[id] == nil else { return }
            parents[id] = parent
            for child in childIDs(of: id) { walk(child, from: id) }
        }
        if router(0) != nil { walk(0, from: nil) }
        return parents
    }

    /// `id` and the RIBs attached under it, each once.
    func subtreeIDs(of id: Int) -> [Int] {
        var seen = Set<Int>()
        var order: [Int] = []
        func walk(_ id: Int) {
            guard seen.insert(id).inserted else { return }
            order.append(id)
            for child in childIDs(of: id) { walk(child) }
        }
        walk(id)
        return order
    }

    /// RIBs' rule: active exactly when attached under the launched root, with neither it nor an ancestor
    /// deactivated by the sequence since (attaching, or activating it or an ancestor, undoes that).
    func expectedActive(_ id: Int) -> Bool {
        let parents = liveParents()
        guard parents[id] != nil else { return false }
        var node: Int? = id
        while let current = node {
            if resigned.contains(current) { return false }
            node = parents[current] ?? nil
        }
        return true
    }

    /// Once a step and the app code it ran are over: checks every property; `render` also reads `leaks()`.
    func checkSettled(render: Bool) {
        guard checkStructure() else { return }
        checkHostContexts()
        checkLoadingAndActivity()
        checkRetention()
        checkLeaks(render: render)
        if mode.closesScreens, !mode.appCodeInCallbacks { checkScreensInStep() }
        let live = liveParents()
        for record in records where live[record.id] == nil { record.shown = nil }
    }

    /// No router in two children lists or twice in one, and none hanging from itself: the other checks walk the tree.
    private func checkStructure() -> Bool {
        var parentsOf: [Int: [Int]] = [:]
        for (parent, child) in edges() { parentsOf[child, default: []].append(parent) }
        for (child, parents) in parentsOf.sorted(by: { $0.key < $1.key }) where parents.count > 1 {
            violate(.structure, name(child), "is a child of \(parents.map(name).joined(separator: " and "))")
            return false
        }
        for record in records where record.router != nil {
            var node = record.id
            for _ in 0...records.count {
                guard let parent = parentsOf[node]?.first else { break }
                node = parent
                if node == record.id {
                    violate(.structure, record.name, "hangs from itself")
                    return false
                }
            }
        }
        return true
    }

    /// Every router's host context lists its children as they are. Half the RIBs get theirs when built, the
    /// other half (and the root) when first checked, after whatever was attached to them by then.
    private func checkHostContexts() {
        for record in records {
            guard let router = record.router else { continue }
            guard let mirror = router.hostContext as? ChildMirror else {
                router.hostContext = ChildMirror(of: router)
                continue
            }
            let children = router.children.map { ObjectIdentifier($0) }
            if mirror.children != children {
                func names(_ ids: [ObjectIdentifier]) -> String {
                    let list = ids.map { id in records.first { $0.router.map(ObjectIdentifier.init) == id }?.name ?? "a router gone" }
                    return "[" + list.joined(separator: ", ") + "]"
                }
                violate(
                    .hostContext, record.name, "its host context lists \(names(mirror.children)) but its children are \(names(children))")
            }
        }
    }

    private func checkLoadingAndActivity() {
        for record in records {
            if record.everAttached, record.loads != 1 {
                violate(.loading, record.name, "was attached but didLoad ran \(record.loads) times")
            } else if !record.everAttached, record.loads != 0 {
                violate(.loading, record.name, "was never attached but didLoad ran")
            }
            guard let interactor = record.interactor else { continue }
            let expected = expectedActive(record.id)
            if interactor.isActive != expected {
                violate(
                    .activity, record.name,
                    "is \(interactor.isActive ? "active" : "inactive") but should be \(expected ? "active" : "inactive") where it is")
            }
            if (record.lastHook ?? false) != interactor.isActive {
                violate(
                    .hookOrder, record.name,
                    "its last hook says \(record.lastHook == true ? "active" : "inactive") but it is \(interactor.isActive ? "active" : "inactive")"
                )
            }
        }
    }

    /// What lives is what the app holds, the routers under them, their interactors and controllers, and the
    /// controllers the window shows: anything else alive is kept by a cycle or a forgotten reference.
    private func checkRetention() {
        var routers = Set<Int>()
        var pending = held.keys.sorted()
        while let id = pending.popLast() {
            guard routers.insert(id).inserted else { continue }
            pending += childIDs(of: id)
        }
        var controllers = Set<ObjectIdentifier>()
        var screens: [ViewController] = records.filter { routers.contains($0.id) }.compactMap(\.controller)
        if let root = window.rootViewController { screens.append(root) }
        while let controller = screens.popLast() {
            guard controllers.insert(ObjectIdentifier(controller)).inserted else { continue }
            screens += controller.children
            if controller.parent == nil, let presented = controller.presentedViewController { screens.append(presented) }
        }
        for record in records {
            if record.router != nil, !routers.contains(record.id) {
                violate(.retained, record.name, "its router lives though neither the app nor a parent holds it")
            }
            if record.interactor != nil, !routers.contains(record.id) {
                violate(.retained, record.name, "its interactor lives though its router went")
            }
            if let controller = record.controller, !controllers.contains(ObjectIdentifier(controller)) {
                violate(.retained, record.name, "its view controller lives though no router and no screen holds it")
            }
        }
    }

    /// What `leaks()` must list now: of every RIB that was attached and is no longer under the root, each part
    /// still alive (its view on screen, or merely alive); of RIBs under the root, each inactive one's view on screen.
    func expectedLeaks() -> [Leak] {
        let live = liveParents()
        var leaks: [Leak] = []
        for record in records where record.loads > 0 {
            if live[record.id] == nil {
                if record.router != nil { leaks.append(Leak(name: record.name, kind: .router, reason: .stillAlive)) }
                if record.interactor != nil { leaks.append(Leak(name: record.name, kind: .interactor, reason: .stillAlive)) }
                if let controller = record.controller {
                    leaks.append(
                        Leak(name: record.name, kind: .viewController, reason: controller.isOnScreen ? .stillOnScreen : .stillAlive))
                }
            } else if let controller = record.controller, controller.isOnScreen, !isActive(record.id) {
                leaks.append(Leak(name: record.name, kind: .viewController, reason: .stillOnScreen))
            }
        }
        return leaks
    }

    private func checkLeaks(render: Bool) {
        let expected = expectedLeaks()
        if detector.hasPendingExpectations != !expected.isEmpty {
            violate(
                .pending, "detector",
                "hasPendingExpectations is \(detector.hasPendingExpectations) but the leaks due are \(describe(expected))")
        }
        guard render else { return }
        let found = detector.leaks()
        if Set(found) != Set(expected) || found.count != Set(found).count {
            violate(.leakReport, "detector", "leaks() lists \(describe(found)) but the leaks due are \(describe(expected))")
        }
    }

    private func describe(_ leaks: [Leak]) -> String {
        leaks.isEmpty ? "none" : leaks.map { "\($0.name).\($0.kind.rawValue) \($0.reason.rawValue)" }.sorted().joined(separator: ", ")
    }

    /// Where the app keeps screens and RIBs together: a RIB's view is in the window only while the RIB is under
    /// the root, and a RIB the app showed keeps its view there while it is.
    private func checkScreensInStep() {
        let live = liveParents()
        for record in records where record.id != 0 {
            guard let controller = record.controller else { continue }
            if controller.isOnScreen, live[record.id] == nil {
                violate(.outOfStep, record.name, "its view is in the window but the RIB is not attached under the root")
            }
            if record.shown != nil, live[record.id] != nil, !controller.isOnScreen {
                violate(.outOfStep, record.name, "is attached and was shown, but its view is not in the window")
            }
        }
    }

    /// The app goes: the window lets go of its root and the app of every RIB. Everything must go with them.
    func tearDown() {
        quiet = true
        note("window.rootViewController = nil  // the app goes, and lets go of every RIB")
        window.rootViewController = nil
        held.removeAll()
        for record in records where record.router != nil || record.interactor != nil || record.controller != nil {
            violate(.teardown, record.name, "outlived the app")
        }
    }
}
