import AppHosting
import RIBs

extension BuiltinLinks {
    /// The tutorial's own deep link, `launchGame?gameId=`, run by its `LaunchGameWorkflow` on the root's actionable
    /// item: wait for the players to log in, then start that game (in place of whatever LoggedIn shows, as the
    /// tutorial's does). Before a login it cannot go on (RIBs' workflow would wait; over HTTP the login is the
    /// client's to send first). Then `offGame` and `loggedOut`, which leave a decided game by its announcement's
    /// button; a game still going on cannot be left but by playing it (the tutorial has no other way out).
    static let tictactoe = [
        LinkDeclaration("launchGame?gameId={gameId}", description: "once the players are logged in, start that game") {
            parameters, runtime throws(LinkRefusal) in
            guard let ribs = runtime as? RIBAppRuntime, let root = ribs.root.interactable as? any RootActionableItem else {
                throw LinkRefusal(step: 1, name: "waitForLogin", reason: "the app has no root to start from")
            }
            let ended: WorkflowState = LaunchGameWorkflow(gameId: parameters["gameId"]).run(root)
            if case .failed(let error) = ended {
                throw LinkRefusal(error)
            }
        },
        LinkDeclaration("offGame", description: "OffGame and its score board, a decided game closed") { _, runtime throws(LinkRefusal) in
            try LinkWalk()
                .step("logged in") {
                    LinkWalk.shows("LoggedOut", in: $0) ? .cannotProceed("the players are not logged in: log them in first") : .stay
                }
                .step("game closed") { closeGame($0) }
                .run(on: runtime)
        },
        LinkDeclaration("loggedOut", description: "LoggedOut: the players log out, a decided game closed first") {
            _, runtime throws(LinkRefusal) in
            try LinkWalk()
                .step("game closed") { closeGame($0) }
                .step("logged out") { LinkWalk.shows("LoggedOut", in: $0) ? .stay : .event(.logout) }
                .run(on: runtime)
        },
    ]

    /// A game on screen closed: a decided one by its announcement's button (a RandomWin win counts then, as when
    /// the players tap it); one still going on cannot be.
    private static func closeGame(_ runtime: any AppRuntime) -> LinkWalk.Move {
        guard let game = ScreenLinks.frontStack(of: runtime).last, game == "TicTacToe" || game == "RandomWin" else { return .stay }
        let close = TicTacToeEvents.closeGame.type
        guard runtime.acceptedEvents.contains(.declared(close)) else {
            return .cannotProceed("a game of \(game) is going on: it ends when it is decided")
        }
        return .event(.declared(DeclaredEvent(type: close)))
    }
}
