import AppHosting
import BuiltinApps
import Flows
import Foundation
import HeadlessUI
import Testing

/// The flow app's whole state: a RIB-app state plus the step names `step` would take now.
private func flowState(_ id: String, version: Int, tree: NSDictionary, stack: [String], accepts: [String], steps: [String]) -> NSDictionary
{
    let state = sessionState(id, app: "flow", version: version, tree: tree, layers: [layer("root", stack)], accepts: accepts)
    let copy = state.mutableCopy() as! NSMutableDictionary
    copy["steps"] = steps
    return copy
}

private var appInit: NSDictionary { node("AppInit", "presentable") }

@Suite("flow app over HTTP (seed 004)")
struct FlowAppHTTPTests {
    @Test("introIsRequired at launch, mainIsRequired hands over to MainFlow, codingIsRequired pushes Coding, pop and didPop end them")
    func seed() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "flow")
            expectState(
                try client.get("/v1/sessions/\(id)"),
                flowState(
                    id, version: 1, tree: node("AppFlow", "flow", [appInit]), stack: ["AppInit"], accepts: ["step"],
                    steps: ["mainIsRequired"]))

            expectState(
                try client.send(id, #"{"type":"step","step":"mainIsRequired"}"#),
                flowState(
                    id, version: 2, tree: node("AppFlow", "flow", [appInit, node("MainFlow", "flow", [node("Main", "presentable")])]),
                    stack: ["AppInit", "Main"], accepts: ["step", "pop", "didPop"], steps: ["codingIsRequired"]))

            expectState(
                try client.send(id, #"{"type":"step","step":"codingIsRequired"}"#),
                flowState(
                    id, version: 3,
                    tree: node(
                        "AppFlow", "flow",
                        [appInit, node("MainFlow", "flow", [node("Main", "presentable"), node("Coding", "presentable")])]),
                    stack: ["AppInit", "Main", "Coding"], accepts: ["pop", "didPop"], steps: []))

            // Coding's screen handles no step; an unknown step name is not handled either.
            expectProblem(try client.send(id, #"{"type":"step","step":"codingIsRequired"}"#), status: 409, code: "event_not_handled")
            expectProblem(try client.send(id, #"{"type":"step","step":"warp"}"#), status: 409, code: "event_not_handled")
            expectProblem(try client.send(id, #"{"type":"login","name":"kim"}"#), status: 409, code: "event_not_handled")

            expectState(
                try client.send(id, #"{"type":"pop"}"#),
                flowState(
                    id, version: 4, tree: node("AppFlow", "flow", [appInit, node("MainFlow", "flow", [node("Main", "presentable")])]),
                    stack: ["AppInit", "Main"], accepts: ["step", "pop", "didPop"], steps: ["codingIsRequired"]))

            // Swiping Main away empties MainFlow, which ends; a repeat changes nothing.
            let launched = flowState(
                id, version: 5, tree: node("AppFlow", "flow", [appInit]), stack: ["AppInit"], accepts: ["step"], steps: ["mainIsRequired"])
            expectState(try client.send(id, #"{"type":"didPop","screen":"Main"}"#), launched)
            expectState(try client.send(id, #"{"type":"didPop","screen":"Main"}"#), launched)
            // Nothing here is ever presented: a didDismiss names a screen already gone, a no-op too.
            expectState(try client.send(id, #"{"type":"didDismiss","screen":"Main"}"#), launched)
            expectProblem(try client.send(id, #"{"type":"pop"}"#), status: 409, code: "invalid_navigation")
            expectState(try client.get("/v1/sessions/\(id)"), launched)
        }
    }

    @Test("the seed's error: a MainFlow pushing its own navigation controller gets invalid_navigation and nothing changes")
    func nestedNavigationController() throws {
        var registry = BuiltinApps.registry
        registry.register(
            AppDefinition(id: "flow-nested", description: "seed 004's first attempt", events: [.step]) {
                FlowAppRuntime(
                    flow: NestedAppFlow(), stepper: OneStepper(withSingleStep: SeedStep.introIsRequired),
                    steps: SeedStep.allCases.map { ($0.rawValue, $0 as any Step) })
            })
        try withTestServer(registry: registry) { client in
            let id = try client.createSession(app: "flow-nested")
            let before = try client.get("/v1/sessions/\(id)")
            let expected =
                sessionState(
                    id, app: "flow-nested", version: 1, tree: node("NestedAppFlow", "flow", [appInit]),
                    layers: [layer("root", ["AppInit"])], accepts: ["step"]
                ).mutableCopy() as! NSMutableDictionary
            expected["steps"] = ["introIsRequired", "mainIsRequired"]
            expectState(before, expected)

            let refused = try client.send(id, #"{"type":"step","step":"mainIsRequired"}"#)
            expectProblem(refused, status: 409, code: "invalid_navigation")
            #expect(refused.json?["detail"] as? String == "Pushing a navigation controller (Main) is not supported")
            #expect(try client.get("/v1/sessions/\(id)").body == before.body)
        }
    }
}

private enum SeedStep: String, Step, CaseIterable {
    case introIsRequired, mainIsRequired
}

private final class StepperScreen: ViewController, Stepper {
    let steps = StepRelay()
}

/// AppFlow as the seed first wrote it: MainFlow gets its own navigation controller, pushed onto AppFlow's.
private final class NestedAppFlow: Flow {
    private let stack = NavigationController()
    var root: any FlowPresentable { stack }

    func accepts(_ step: any Step) -> Bool { step is SeedStep }

    func navigate(to step: any Step) throws -> FlowContributors {
        switch step as? SeedStep {
        case .introIsRequired:
            let intro = StepperScreen(screenName: "AppInit")
            try stack.push(intro, animated: false)
            return .one(flowContributor: .contribute(withNext: intro))
        case .mainIsRequired:
            let main = NestedMainFlow()
            try stack.push(main.ownStack, animated: true)
            return .one(
                flowContributor: .contribute(
                    withNextPresentable: main, withNextStepper: OneStepper(withSingleStep: SeedStep.mainIsRequired)))
        case nil:
            return .none
        }
    }
}

private final class NestedMainFlow: Flow {
    let ownStack: NavigationController = {
        let stack = NavigationController()
        stack.screenName = "Main"
        return stack
    }()
    var root: any FlowPresentable { ownStack }

    func navigate(to step: any Step) throws -> FlowContributors { .none }
}
