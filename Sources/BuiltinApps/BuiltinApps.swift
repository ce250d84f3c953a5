import AppHosting
import Flows
import RIBs

/// The apps ribsd ships with, each reproducing a seed.
public enum BuiltinApps {
    /// Seed 000: Root presents Navigation full screen; Navigation pushes A, B, C.
    public static let navigation = AppDefinition(
        id: "navigation",
        description: "Root presents Navigation full screen in a navigation controller; push A, B, C (seed 000)",
        events: [.push, .pop, .didPop],
        screens: ["Root", "Navigation", "A", "B", "C"],
        links: BuiltinLinks.navigation
    ) { RIBAppRuntime(root: NavRootBuilder(dependency: EmptyComponent()).build()) }

    /// Seeds 001 and 003: Login, then a view-less HomeFlow that owns Home's stack and its modal Profile.
    public static let login = AppDefinition(
        id: "login",
        description: "Login, then HomeFlow with Home: push A, B, C, present Profile, swipe back safely (seeds 001, 003)",
        events: [.login, .logout, .push, .pop, .didPop, .present, .dismiss, .didDismiss],
        screens: ["Root", "Login", "Home", "A", "B", "C", "Profile"],
        links: BuiltinLinks.login
    ) { RIBAppRuntime(root: LoginRootBuilder(dependency: EmptyComponent()).build()) }

    /// Seed 002: Root presents LoggedOut, then Todo, dismissing by identity.
    public static let todo = AppDefinition(
        id: "todo",
        description: "Root presents LoggedOut, then Todo after login, full screen (seed 002, bug fixed)",
        events: [.login, .logout],
        screens: ["Root", "LoggedOut", "Todo"],
        links: BuiltinLinks.todo
    ) { RIBAppRuntime(root: TodoRootBuilder(dependency: EmptyComponent()).build()) }

    /// Seed 004: RxFlow-style AppFlow and MainFlow sharing one navigation controller.
    public static let flow = AppDefinition(
        id: "flow",
        description:
            "RxFlow-style AppFlow hands over to MainFlow on one navigation controller: steps introIsRequired, mainIsRequired, codingIsRequired (seed 004)",
        events: [.step, .pop, .didPop],
        screens: ["AppInit", "Main", "Coding"],
        links: BuiltinLinks.flow
    ) {
        FlowAppRuntime(
            flow: AppFlow(),
            stepper: OneStepper(withSingleStep: AppStep.introIsRequired),
            steps: AppStep.allCases.map { ($0.rawValue, $0 as any Step) }
        )
    }

    /// Uber's RIBs tutorial app: two players log in, then play tic-tac-toe or a game of chance, and the score
    /// board counts their wins. Its taps are event types of its own (`TicTacToeEvents`); the built-in `logout`, from
    /// OffGame, is ribsd's addition to the tutorial.
    public static let tictactoe = AppDefinition(
        id: "tictactoe",
        description:
            "Uber's RIBs tutorial: two players log in, start TicTacToe or RandomWin from OffGame, and its score board counts the wins",
        events: TicTacToeEvents.all.map { EventType.declared($0.type) } + [.logout],
        declaring: TicTacToeEvents.all,
        screens: ["Root", "LoggedOut", "OffGame", "BasicScoreBoard", "TicTacToe", "RandomWin"],
        links: BuiltinLinks.tictactoe
    ) { RIBAppRuntime(root: TicTacToeRootBuilder(dependency: EmptyComponent()).build()) }

    /// Every built-in app, with `login` as the default.
    public static var registry: AppRegistry {
        AppRegistry(apps: [navigation, login, todo, flow, tictactoe], defaultAppID: login.id)
    }
}
