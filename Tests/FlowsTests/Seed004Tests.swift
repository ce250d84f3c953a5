import Flows
import HeadlessUI
import Testing

@Suite("Seed 004: AppFlow hands over to MainFlow on one navigation stack")
struct Seed004Tests {
    @Test("introIsRequired: AppFlow's stack (bar hidden) is the window's root and shows AppInit")
    func intro() throws {
        let app = try FlowApp.seed()

        #expect(app.window.rootViewController === app.flow.stack)
        #expect(app.window.isKeyWindow)
        #expect(app.flow.stack.isNavigationBarHidden)
        #expect(app.screens == [["AppInit"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit")]))
        let root = try #require(app.coordinator.root)
        #expect(root.flow === app.flow)
        #expect(root.parent == nil)
        #expect(root.childFlows.isEmpty)
        #expect(root.contributions.map(\.screenName) == ["AppInit"])
        #expect(root.contributions.map(\.isActive) == [true])
        #expect(root.isActive && root.isReady)
        #expect(try app.coordinator.flow(receivingStepsFrom: app.screen("AppInit")) === app.flow)
    }

    @Test("mainIsRequired from AppInit: MainFlow, sharing AppFlow's stack, pushes Main", arguments: Emission.allCases)
    func main(emission: Emission) throws {
        let app = try FlowApp.seed()

        try emission.send(AppStep.mainIsRequired, from: app.screen("AppInit"), in: app.coordinator)

        #expect(app.screens == [["AppInit", "Main"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit"), .flow("MainFlow", [.screen("Main")])]))
        let root = try #require(app.coordinator.root)
        #expect(root.contributions.map(\.screenName) == ["AppInit"])
        #expect(root.childFlows.map(\.name) == ["MainFlow"])
        let main = try #require(root.childFlows.first)
        #expect(main.parent === root)
        #expect(main.flow.root.presentableController === app.flow.stack)
        #expect(main.contributions.map(\.screenName) == ["Main"])
        #expect(main.childFlows.isEmpty)
        #expect(try app.coordinator.flow(receivingStepsFrom: app.screen("Main")) === main.flow)
        #expect(app.coordinator.lastRelayError == nil)
    }

    @Test("codingIsRequired from Main: MainFlow pushes Coding above Main", arguments: Emission.allCases)
    func coding(emission: Emission) throws {
        let app = try FlowApp.seed()
        try emission.send(AppStep.mainIsRequired, from: app.screen("AppInit"), in: app.coordinator)

        try emission.send(AppStep.codingIsRequired, from: app.screen("Main"), in: app.coordinator)

        #expect(app.screens == [["AppInit", "Main", "Coding"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit"), .flow("MainFlow", [.screen("Main"), .screen("Coding")])]))
        let root = try #require(app.coordinator.root)
        #expect(root.contributions.map(\.screenName) == ["AppInit"])
        #expect(root.childFlows.map(\.name) == ["MainFlow"])
        #expect(root.childFlows.first?.contributions.map(\.screenName) == ["Main", "Coding"])
        #expect(root.childFlows.first?.childFlows.isEmpty == true)
        #expect(app.coordinator.lastRelayError == nil)
    }
}
