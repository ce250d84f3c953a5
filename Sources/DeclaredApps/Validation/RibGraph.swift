/// The RIBs of one file as a tree: each one's index, its parent, and where in the parent's children it is.
/// Built while checking that the declarations form one: every child named once, by one parent.
struct RibGraph {
    let ribs: [AppSource.Rib]
    /// Each RIB's index, by name (the first, when a name is declared twice: that is reported).
    let index: [String: Int]
    /// Each RIB's parent and its position among the parent's children; nil for the root and for RIBs no one lists.
    private(set) var parent: [(rib: Int, position: Int)?]
    /// The root's index.
    let root: Int

    init(ribs: [AppSource.Rib], index: [String: Int], root: Int) {
        self.ribs = ribs
        self.index = index
        self.root = root
        parent = Array(repeating: nil, count: ribs.count)
    }

    mutating func setParent(of child: Int, to rib: Int, position: Int) {
        parent[child] = (rib, position)
    }

    /// The child entry that shows `rib`, if any.
    func entry(of rib: Int) -> AppSource.Child? {
        parent[rib].map { ribs[$0.rib].children[$0.position] }
    }

    /// How many levels above `rib` the RIB `ancestor` is (0: itself); nil when it is none of its ancestors.
    func levels(from rib: Int, upTo ancestor: Int) -> Int? {
        var node = rib
        var levels = 0
        while node != ancestor {
            guard let up = parent[node]?.rib, levels < ribs.count else { return nil }
            node = up
            levels += 1
        }
        return levels
    }

    /// The RIBs reachable from the root through children, parents first.
    var reachable: [Int] {
        var order = [root]
        var next = 0
        while next < order.count {
            let rib = order[next]
            next += 1
            for child in ribs[rib].children {
                if let index = index[child.rib.value], parent[index]?.rib == rib, !order.contains(index) { order.append(index) }
            }
        }
        return order
    }

    /// The position of the child named `name` among `rib`'s children.
    func position(of name: String, in rib: Int) -> Int? {
        ribs[rib].children.firstIndex { $0.rib.value == name }
    }
}
