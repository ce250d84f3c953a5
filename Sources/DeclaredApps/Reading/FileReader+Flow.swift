import HeadlessUI

extension FileReader {
    /// What a flow's root is.
    enum FlowRootKind: String, CaseIterable {
        case stack, parent
    }

    /// What navigating to a step contributes.
    enum ContributionKind: String, CaseIterable {
        case push, present, flow, dismiss, end
    }

    /// The members of a flow, and of one of its navigations (docs/app.schema.json lists the same).
    static let flowMembers = ["name", "root", "navigationBarHidden", "navigate"]
    static let navigationMembers = ["step", "do", "screen", "animated", "style", "flow", "withStep", "forward"]

    /// Reads a flow app's top-level members; nil without a root flow.
    mutating func readFlowApp(_ app: Members) -> AppSource.FlowApp? {
        guard let rootFlow = string(app, "rootFlow", required: true) else {
            _ = array(app, "flows", required: true)
            return nil
        }
        var flowApp = AppSource.FlowApp(rootFlow: rootFlow, pointer: app.pointer)
        flowApp.initialStep = string(app, "initialStep")
        flowApp.steps = strings(app, "steps") ?? []
        flowApp.eventSteps = strings(app, "eventSteps") ?? []
        for (node, pointer) in array(app, "flows", required: true) ?? [] {
            if let flow = readFlow(node, at: pointer) { flowApp.flows.append(flow) }
        }
        return flowApp
    }

    private mutating func readFlow(_ node: JSONNode, at pointer: JSONPointer) -> AppSource.Flow? {
        guard let members = object(node, at: pointer, known: Self.flowMembers),
            let name = string(members, "name", required: true)
        else { return nil }
        var flow = AppSource.Flow(name: name, pointer: pointer)
        let hidden = bool(members, "navigationBarHidden")
        switch choice(members, "root", as: FlowRootKind.self) ?? .stack {
        case .stack:
            flow.root = .stack(navigationBarHidden: hidden ?? false)
        case .parent:
            flow.root = .parent
            if hidden != nil {
                report(pointer.appending("navigationBarHidden"), "a flow on its parent's stack leaves that stack's bar as it is")
            }
        }
        for (node, pointer) in array(members, "navigate", required: true) ?? [] {
            if let navigation = readNavigation(node, at: pointer) { flow.navigations.append(navigation) }
        }
        return flow
    }

    private mutating func readNavigation(_ node: JSONNode, at pointer: JSONPointer) -> AppSource.Navigation? {
        let known = Self.navigationMembers
        guard let members = object(node, at: pointer, known: known), let step = string(members, "step", required: true) else { return nil }
        guard let kind = choice(members, "do", as: ContributionKind.self) else {
            if members["do"] == nil { report(pointer, "`do` is missing") }
            return nil
        }
        let takes: [String] =
            switch kind {
            case .push: ["screen", "animated"]
            case .present: ["screen", "style"]
            case .flow: ["flow", "withStep", "style"]
            case .dismiss: []
            case .end: ["forward"]
            }
        for name in known.dropFirst(2) where members[name] != nil && !takes.contains(name) {
            report(pointer.appending(name), "`\(kind.rawValue)` takes no `\(name)`")
        }
        let contribution: AppSource.Contribution?
        switch kind {
        case .push:
            let animated = bool(members, "animated") ?? true
            contribution = string(members, "screen", required: true).map { .push(screen: $0, animated: animated) }
        case .present:
            let style = choice(members, "style", as: ModalPresentationStyle.self) ?? .pageSheet
            contribution = string(members, "screen", required: true).map { .present(screen: $0, style: style) }
        case .flow:
            let style = choice(members, "style", as: ModalPresentationStyle.self)
            let step = string(members, "withStep")
            contribution = string(members, "flow", required: true).map { .flow($0, step: step, presented: style) }
        case .dismiss:
            contribution = .dismiss
        case .end:
            contribution = string(members, "forward", required: true).map { .end(forward: $0) }
        }
        return contribution.map { AppSource.Navigation(step: step, contribution: $0, pointer: pointer) }
    }
}
