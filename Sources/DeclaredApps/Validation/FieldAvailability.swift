import AppHosting

/// Which event fields are sure to be there where each RIB is built and where each message is heard: the fields
/// every event that may lead there has in common. A RIB's `state` and a `set` read fields; one that some route
/// would not bring is a problem at load, not an empty value at run time.
struct FieldAvailability {
    let graph: RibGraph
    /// The fields each RIB is built with; nil when nothing routes to it.
    private(set) var built: [Set<String>?]
    /// The fields each RIB hears with each message; a message no child tells has none.
    private(set) var heard: [[String: Set<String>]]

    init(graph: RibGraph) {
        self.graph = graph
        built = Array(repeating: nil, count: graph.ribs.count)
        heard = Array(repeating: [:], count: graph.ribs.count)
        built[graph.root] = []
    }

    /// The fields an event of `type` always has (an optional field may be left out).
    static func fields(of type: EventType, declared: [String: EventDeclaration]) -> Set<String> {
        switch type {
        case .login: ["name"]
        case .push, .didPop, .present, .didDismiss: ["screen"]
        case .step: ["step"]
        case .logout, .pop, .dismiss: []
        case let .declared(name): Set(declared[name]?.fields.filter { !$0.isOptional }.map(\.name) ?? [])
        }
    }

    /// Follows every route and every message until nothing changes: each RIB's fields narrow to what all the
    /// ways to it share. (Messages go up and launches down, so a few rounds settle it.)
    mutating func settle(declared: [String: EventDeclaration]) {
        var changed = true
        var rounds = 0
        while changed, rounds <= graph.ribs.count + 1 {
            changed = false
            rounds += 1
            for (rib, source) in graph.ribs.enumerated() {
                for handler in source.handlers {
                    let type = EventType(named: handler.event.value) ?? .declared(handler.event.value)
                    changed = follow(handler.action, of: rib, with: Self.fields(of: type, declared: declared)) || changed
                }
                for listener in source.listeners {
                    guard let fields = heard[rib][listener.message.value] else { continue }
                    changed = follow(listener.action, of: rib, with: fields) || changed
                }
                guard let fields = built[rib] else { continue }
                for name in source.onLoad {
                    guard let child = graph.index[name.value] else { continue }
                    changed = meet(&built[child], fields) || changed
                }
            }
        }
    }

    /// Hands `fields` on along an action: to the children it routes to, or to the parent it tells.
    private mutating func follow(_ action: AppSource.Action, of rib: Int, with fields: Set<String>) -> Bool {
        switch action {
        case let .route(choice):
            var changed = false
            for name in candidates(choice, of: rib) {
                guard let child = graph.index[name] else { continue }
                changed = meet(&built[child], fields) || changed
            }
            return changed
        case let .tell(message):
            guard let parent = graph.parent[rib]?.rib else { return false }
            return meet(&heard[parent][message.value], fields)
        default:
            return false
        }
    }

    /// The names of the children a choice may name.
    func candidates(_ choice: AppSource.Choice, of rib: Int) -> [String] {
        switch choice {
        case let .fixed(child): [child.value]
        case let .field(_, among): among.map { $0.map(\.value) } ?? graph.ribs[rib].children.map(\.rib.value)
        }
    }

    /// Narrows `known` to what it shares with `fields` (nil: nothing was known); true when it changed.
    private func meet(_ known: inout Set<String>?, _ fields: Set<String>) -> Bool {
        guard let current = known else {
            known = fields
            return true
        }
        let narrowed = current.intersection(fields)
        guard narrowed != current else { return false }
        known = narrowed
        return true
    }
}
