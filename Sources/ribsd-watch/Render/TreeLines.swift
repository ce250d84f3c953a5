import RibsdClient

/// A tree of nodes drawn with box-drawing branches, one node a line: name, kind, state, and inactive marked.
enum TreeLines {
    static func lines(_ root: Node) -> [String] {
        [describe(root)] + children(of: root, indent: "")
    }

    private static func children(of node: Node, indent: String) -> [String] {
        node.children.enumerated().flatMap { index, child in
            let last = index == node.children.count - 1
            let line = indent + (last ? "└─ " : "├─ ") + describe(child)
            return [line] + children(of: child, indent: indent + (last ? "   " : "│  "))
        }
    }

    private static func describe(_ node: Node) -> String {
        var text = "\(node.name)  \(node.kind)"
        if let state = node.state, !state.isEmpty {
            text += "  " + state.keys.sorted().map { "\($0)=\(state[$0] ?? "")" }.joined(separator: " ")
        }
        return node.active ? text : text + "  (inactive)"
    }
}
