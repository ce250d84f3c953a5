import AppHosting
import Foundation
import RIBs
import Testing

@testable import BuiltinApps

/// The tutorial's deep link as a workflow over Root's and LoggedIn's actionable items.
@Suite("tictactoe: LaunchGameWorkflow")
struct LaunchGameWorkflowTests {
    let app = TicTacToeDriver()
    typealias Body = TicTacToeBodies

    /// Root's interactor, the workflow's first actionable item.
    func rootItem() throws -> any RootActionableItem {
        let runtime = try #require(app.runtime as? RIBAppRuntime)
        return try #require(runtime.root.interactable as? any RootActionableItem)
    }

    @Test("after login: the game named (in any case) starts at once")
    func afterLogin() throws {
        try app.send(Body.login("ann", "bob"))
        let workflow = LaunchGameWorkflow(gameId: "TicTacToe")
        #expect(workflow.run(try rootItem()) == .completed)
        #expect(app.state == TicTacToeStates.ticTacToe(["board": ".../.../...", "currentPlayer": "player1"]))
    }

    @Test("before login it waits for the players; resumed after login, it starts the game")
    func waitsForLogin() throws {
        let workflow = LaunchGameWorkflow(gameId: "randomwin")
        workflow.subscribe(try rootItem())
        #expect(workflow.state == .waiting(step: 1, stepName: "waitForLogin", reason: .conditionNotMet("the players log in")))
        #expect(app.state == TicTacToeStates.loggedOut)

        try app.send(Body.login("ann", "bob"))
        workflow.resume()
        #expect(workflow.state == .completed)
        #expect(app.state == TicTacToeStates.randomWin())
    }

    @Test("settled before login, it fails naming what it waited for, and nothing moved")
    func settledBeforeLogin() throws {
        let workflow = LaunchGameWorkflow(gameId: "tictactoe")
        let ended = workflow.run(try rootItem())
        #expect(ended == .failed(WorkflowError(step: 1, stepName: "waitForLogin", reason: .conditionNotMet("the players log in"))))
        #expect(app.state == TicTacToeStates.loggedOut)
    }

    @Test("an id no game has: the workflow completes where it is, on OffGame (as the tutorial's)")
    func unknownGame() throws {
        try app.send(Body.login("ann", "bob"))
        #expect(LaunchGameWorkflow(gameId: "chess").run(try rootItem()) == .completed)
        #expect(LaunchGameWorkflow(gameId: nil).run(try rootItem()) == .completed)
        #expect(app.state == TicTacToeStates.offGame("ann", 0, "bob", 0))
    }
}
