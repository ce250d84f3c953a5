import HeadlessUI

/// Finding screens and flows in the coordinator's tree.
extension FlowCoordinator {
    static func find(_ controller: ViewController, in node: FlowNode) -> (FlowNode, Contribution)? {
        for child in node.children {
            switch child {
            case let .presentable(contribution):
                if contribution.isActive, contribution.presentable.presentableController === controller { return (node, contribution) }
            case let .flow(childNode):
                if let found = find(controller, in: childNode) { return found }
            }
        }
        return nil
    }

    static func node(of flow: any Flow, in node: FlowNode) -> FlowNode? {
        if node.flow === flow { return node }
        for child in node.childFlows {
            if let found = Self.node(of: flow, in: child) { return found }
        }
        return nil
    }

    /// A step's name for messages and JSON: a raw-value enum's raw value, else its description.
    public static func name(of step: any Step) -> String {
        if let named = step as? any RawRepresentable<String> { return named.rawValue }
        return String(describing: step)
    }
}
