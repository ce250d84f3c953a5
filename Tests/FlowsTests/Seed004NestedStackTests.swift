import Flows
import HeadlessUI
import Testing

@Suite("Seed 004's error: a MainFlow with its own navigation controller")
struct Seed004NestedStackTests {
    @Test("AppFlow pushing MainFlow's own navigation controller: the step fails, stack and tree unchanged")
    func pushedByAppFlow() throws {
        let app = try FlowApp.seed(main: .ownStackPushedByAppFlow)
        app.log.clear()

        #expect(throws: FlowError.navigation(.pushingNavigationController("NavigationController"))) {
            try app.coordinator.emit(AppStep.mainIsRequired, fromPresentable: app.screen("AppInit"))
        }

        #expect(app.screens == [["AppInit"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit")]))
        #expect(app.log.events == ["will AppFlow mainIsRequired"])
    }

    @Test("MainFlow pushing its own navigation controller onto AppFlow's: the step fails, stack and tree unchanged")
    func pushedByMainFlow() throws {
        let app = try FlowApp.seed(main: .ownStackPushingItself)
        app.log.clear()

        #expect(throws: FlowError.navigation(.pushingNavigationController("NavigationController"))) {
            try app.coordinator.emit(AppStep.mainIsRequired, fromPresentable: app.screen("AppInit"))
        }
        app.coordinator.prune()

        #expect(app.screens == [["AppInit"]])
        #expect(
            app.log.events == [
                "will AppFlow mainIsRequired", "did AppFlow mainIsRequired", "will MainFlowWithOwnStack mainIsRequired",
            ])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit")]))
    }
}
