import AppHosting
import Flows
import HeadlessUI
import RIBs

/// Test-only apps with event types of their own.
///
/// `board`: Root presents Board full screen at launch. Board takes `placeMark {row, col}` for the player whose
/// turn it is and declines a square already marked (no one above takes it: 409); Root takes `setPlayers` and
/// `highlight`, which reach it from Board on top (the event bubbles). Together their fields have every kind.
enum LabDeclaredApps {
    static let placeMark = EventDeclaration(
        "placeMark", description: "Mark a square for the player whose turn it is",
        fields: [.integer("row", in: 0...2), .integer("col", in: 0...2)])
    static let setPlayers = EventDeclaration(
        "setPlayers", description: "Name the players", fields: [.string("x"), .string("o"), .oneOf("first", ["x", "o"], optional: true)])
    static let highlight = EventDeclaration("highlight", fields: [.screen("screen"), .boolean("on")])

    static func board() -> AppDefinition {
        AppDefinition(
            id: "board", description: "test: a board with event types of its own", declaring: [placeMark, setPlayers, highlight],
            screens: ["Root", "Board"]
        ) {
            let root = BoardRootRouter(
                interactor: BoardRootInteractor(), viewController: BoardScreen(screenName: "Root"), name: "Root")
            return RIBAppRuntime(root: root)
        }
    }

    /// Another app declaring `placeMark` with other fields (the OpenAPI document then offers either).
    static func otherBoard() -> AppDefinition {
        let placeMark = EventDeclaration("placeMark", fields: [.string("square")])
        return AppDefinition(id: "otherBoard", description: "test: another placeMark", declaring: [placeMark], screens: ["Root"]) {
            let root = BoardRootRouter(
                interactor: BoardRootInteractor(), viewController: BoardScreen(screenName: "Root"), name: "Root", presentsBoard: false)
            return RIBAppRuntime(root: root)
        }
    }

    /// `items`: a flow app whose declared event `open {item: 1...3}` reaches the flow as a step (the event
    /// itself), taken while only the list is on the stack.
    static func items() -> AppDefinition {
        let open = EventDeclaration("open", description: "Open an item", fields: [.integer("item", in: 1...3)])
        return AppDefinition(
            id: "items", description: "test: a flow taking a declared event as a step", events: [.pop], declaring: [open],
            screens: ["Items", "Item1", "Item2", "Item3"]
        ) {
            FlowAppRuntime(flow: ItemsFlow(), stepper: OneStepper(withSingleStep: ItemsStep.start), steps: [], eventSteps: ["open"])
        }
    }
}

final class BoardScreen: ViewController, ViewControllable, Presentable {}

/// Root: names the players and highlights screens; presents Board at launch.
final class BoardRootInteractor: Interactor, EventHandling, StateExposing {
    private var players = "-"
    private var highlighted: [String] = []

    var acceptedEvents: [EventType] { [.declared("setPlayers"), .declared("highlight")] }
    var exposedState: [(key: String, value: String)] { [("players", players), ("highlighted", highlighted.joined(separator: ","))] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        if let names = event.declared("setPlayers") {
            let first = names["first"]?.string ?? "x"
            players = "\(try names.string("x")) (x) vs \(try names.string("o")) (o), \(first) first"
            return true
        }
        if let highlight = event.declared("highlight") {
            let screen = try highlight.string("screen")
            highlighted.removeAll { $0 == screen }
            if try highlight.bool("on") { highlighted.append(screen) }
            return true
        }
        return false
    }
}

final class BoardRootRouter: LaunchRouter<BoardRootInteractor, BoardScreen> {
    private let presentsBoard: Bool

    init(interactor: BoardRootInteractor, viewController: BoardScreen, name: String, presentsBoard: Bool = true) {
        self.presentsBoard = presentsBoard
        super.init(interactor: interactor, viewController: viewController, name: name)
    }

    override func didLoad() {
        super.didLoad()
        guard presentsBoard else { return }
        let board = BoardRouter(interactor: BoardInteractor(), viewController: BoardScreen(screenName: "Board"), name: "Board")
        try? presentRouter(board, from: viewController, style: .fullScreen, animated: false)
    }
}

/// Board: the squares, and whose turn it is.
final class BoardInteractor: Interactor, EventHandling, StateExposing {
    private var squares = Array(repeating: Character("."), count: 9)
    private var turn: Character = "x"

    var acceptedEvents: [EventType] { squares.contains(".") ? [.declared("placeMark")] : [] }
    var exposedState: [(key: String, value: String)] { [("squares", String(squares)), ("turn", String(turn))] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let mark = event.declared("placeMark") else { return false }
        let square = try mark.int("row") * 3 + mark.int("col")
        guard squares[square] == "." else { return false }
        squares[square] = turn
        turn = turn == "x" ? "o" : "x"
        return true
    }
}

final class BoardRouter: ViewableRouter<BoardInteractor, BoardScreen> {}

enum ItemsStep: Step {
    case start
}

/// The list on a navigation controller; `open` pushes an item.
final class ItemsFlow: Flow {
    private let navigation = NavigationController()
    var root: any FlowPresentable { navigation }

    func accepts(_ step: any Step) -> Bool {
        switch step {
        case is ItemsStep: navigation.viewControllers.isEmpty
        case let event as DeclaredEvent: event.type == "open" && navigation.viewControllers.count == 1
        default: false
        }
    }

    func navigate(to step: any Step) throws -> FlowContributors {
        let name: String
        switch step {
        case is ItemsStep: name = "Items"
        case let event as DeclaredEvent where event.type == "open": name = "Item\(try event.int("item"))"
        default: return .none
        }
        let screen = ItemScreen(screenName: name)
        try navigation.push(screen, animated: false)
        return .one(flowContributor: .contribute(withNext: screen))
    }
}

final class ItemScreen: ViewController, Stepper {
    let steps = StepRelay()
}
