import AppHosting
import HeadlessUI

extension AppResolver {
    /// Checks an app's flows: names, steps, what each contributes, every flow reached from the root flow and
    /// none contributing itself, every step taken by some flow; then builds the models, leaves first.
    mutating func resolveFlows(_ app: AppSource.FlowApp) -> FlowAppModel? {
        var index: [String: Int] = [:]
        for (position, flow) in app.flows.enumerated() {
            if let first = index[flow.name.value] {
                report(flow.name.pointer, "a flow named `\(flow.name.value)` is declared already (\(app.flows[first].pointer))")
            } else {
                index[flow.name.value] = position
            }
        }
        let steps = checkSteps(app)
        guard let root = index[app.rootFlow.value] else {
            report(app.rootFlow.pointer, "no flow is named `\(app.rootFlow.value)`")
            return nil
        }
        if app.flows[root].root == .parent {
            report(app.flows[root].pointer.appending("root"), "the root flow has no parent to share a stack with")
        }
        var taken: Set<String> = []
        for (position, flow) in app.flows.enumerated() where index[flow.name.value] == position {
            checkNavigations(of: flow, isRoot: position == root, steps: steps, flows: app.flows, index: index)
            taken.formUnion(flow.navigations.map(\.step.value))
        }
        for step in app.steps + app.eventSteps where !taken.contains(step.value) {
            report(step.pointer, "no flow takes the step `\(step.value)`")
        }
        let reached = reachableFlows(from: root, flows: app.flows, index: index)
        for (position, flow) in app.flows.enumerated() where !reached.contains(position) && index[flow.name.value] == position {
            report(flow.pointer, "`\(flow.name.value)` is unreachable: no flow the root flow leads to contributes it")
        }
        guard problems.isEmpty else { return nil }
        var models: [Int: FlowModel] = [:]
        return FlowAppModel(
            root: buildFlow(root, flows: app.flows, index: index, models: &models), initialStep: app.initialStep?.value,
            steps: app.steps.map(\.value), eventSteps: app.eventSteps.map(\.value))
    }

    /// The step names clients may send and the declared types taken as steps, each once; the initial step one
    /// of them.
    private mutating func checkSteps(_ app: AppSource.FlowApp) -> Set<String> {
        var steps: Set<String> = []
        for step in app.steps {
            if !steps.insert(step.value).inserted { report(step.pointer, "the step `\(step.value)` is listed twice") }
            if step.value.unicodeScalars.count > AppEvent.maxFieldLength {
                report(step.pointer, "a step's name is at most \(AppEvent.maxFieldLength) characters")
            }
        }
        for step in app.eventSteps {
            if declared[step.value] == nil {
                report(step.pointer, "`\(step.value)` is no event type the app declares")
            } else if !steps.insert(step.value).inserted {
                report(step.pointer, "the step `\(step.value)` is listed twice")
            }
        }
        if let initial = app.initialStep, !steps.contains(initial.value) {
            report(initial.pointer, "`\(initial.value)` is not among `steps`")
        }
        return steps
    }

    private mutating func checkNavigations(
        of flow: AppSource.Flow, isRoot: Bool, steps: Set<String>, flows: [AppSource.Flow], index: [String: Int]
    ) {
        var seen: Set<String> = []
        for navigation in flow.navigations {
            let step = navigation.step
            if !steps.contains(step.value) { report(step.pointer, "`\(step.value)` is not among `steps` or `eventSteps`") }
            if !seen.insert(step.value).inserted { report(step.pointer, "`\(flow.name.value)` takes `\(step.value)` twice") }
            switch navigation.contribution {
            case let .push(screen, _), let .present(screen, _):
                checkScreenName(screen)
            case let .flow(name, withStep, presented):
                if let withStep, !steps.contains(withStep.value) { report(withStep.pointer, "`\(withStep.value)` is not among `steps`") }
                guard let child = index[name.value] else {
                    report(name.pointer, "no flow is named `\(name.value)`")
                    continue
                }
                switch (flows[child].root, presented) {
                case (.parent, _?):
                    report(navigation.pointer.appending("style"), "`\(name.value)` shares this flow's stack: it is not presented")
                case (.stack, nil):
                    report(navigation.pointer, "`\(name.value)` has a stack of its own: present it (give `style`)")
                default:
                    break
                }
            case .dismiss:
                break
            case let .end(forward):
                if isRoot { report(navigation.pointer.appending("do"), "the root flow has no parent to end into") }
                if !steps.contains(forward.value) { report(forward.pointer, "`\(forward.value)` is not among `steps`") }
            }
        }
    }

    /// The flows the root flow leads to; a flow that contributes itself, directly or not, is reported.
    private mutating func reachableFlows(from root: Int, flows: [AppSource.Flow], index: [String: Int]) -> Set<Int> {
        var reached: Set<Int> = []
        var path: [Int] = []
        func visit(_ flow: Int, resolver: inout AppResolver) {
            if path.contains(flow) {
                resolver.report(
                    flows[flow].pointer,
                    "`\(flows[flow].name.value)` contributes itself (through \(path.map { flows[$0].name.value }.joined(separator: " → ")))"
                )
                return
            }
            guard reached.insert(flow).inserted else { return }
            path.append(flow)
            for navigation in flows[flow].navigations {
                if case let .flow(name, _, _) = navigation.contribution, let child = index[name.value] { visit(child, resolver: &resolver) }
            }
            path.removeLast()
        }
        visit(root, resolver: &self)
        return reached
    }

    private func buildFlow(_ flow: Int, flows: [AppSource.Flow], index: [String: Int], models: inout [Int: FlowModel]) -> FlowModel {
        if let model = models[flow] { return model }
        let source = flows[flow]
        let navigations = source.navigations.map { navigation -> (step: String, contribution: FlowContributionModel) in
            let contribution: FlowContributionModel =
                switch navigation.contribution {
                case let .push(screen, animated): .push(screen: screen.value, animated: animated)
                case let .present(screen, style): .present(screen: screen.value, style: style)
                case let .flow(name, step, presented):
                    .flow(
                        buildFlow(index[name.value] ?? flow, flows: flows, index: index, models: &models), step: step?.value,
                        presented: presented)
                case .dismiss: .dismiss
                case let .end(forward): .end(forward: forward.value)
                }
            return (navigation.step.value, contribution)
        }
        let model = FlowModel(name: source.name.value, root: source.root, navigations: navigations)
        models[flow] = model
        return model
    }

    /// The event types a flow app handles: steps when it takes any, pops of its stacks, its declared steps.
    func handledTypes(of app: FlowAppModel) -> [EventType] {
        (app.steps.isEmpty ? [] : [.step]) + [.pop, .didPop] + app.eventSteps.map { .declared($0) }
    }

    /// The screens the flows push or present, in the order the flows name them, from the root flow down.
    static func screens(of root: FlowModel) -> [String] {
        var screens: [String] = []
        var visited: [ObjectIdentifier] = []
        func collect(_ flow: FlowModel) {
            guard !visited.contains(ObjectIdentifier(flow)) else { return }
            visited.append(ObjectIdentifier(flow))
            for (_, contribution) in flow.navigations {
                switch contribution {
                case let .push(screen, _), let .present(screen, _):
                    if !screens.contains(screen) { screens.append(screen) }
                case let .flow(child, _, _):
                    collect(child)
                case .dismiss, .end:
                    break
                }
            }
        }
        collect(root)
        return screens
    }
}
