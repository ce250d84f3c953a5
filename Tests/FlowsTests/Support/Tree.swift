import Flows
import HeadlessUI

/// A flow node as data: each flow with its children in contribution order, screens by name.
/// A node or contribution that ended but is still in the tree shows as `Name (ended)`.
indirect enum Tree: Equatable, CustomStringConvertible {
    case flow(String, [Tree])
    case screen(String)

    init(_ node: FlowNode) {
        let children = node.children.map { child -> Tree in
            switch child {
            case let .flow(childNode):
                Tree(childNode)
            case let .presentable(contribution):
                .screen(contribution.isActive ? contribution.screenName : "\(contribution.screenName) (ended)")
            }
        }
        self = .flow(node.isActive ? node.name : "\(node.name) (ended)", children)
    }

    var description: String {
        switch self {
        case let .screen(name): name
        case let .flow(name, children): "\(name)[\(children.map(\.description).joined(separator: ", "))]"
        }
    }
}

extension Contribution {
    /// The contributed screen's name.
    var screenName: String { presentable.presentableController.screenName }
}
