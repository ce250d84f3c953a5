import Flows
import HeadlessUI
import Testing

/// Child flows of their own type, so that the log names each one.
private final class FirstChildFlow: ScriptedFlow {}
private final class SecondChildFlow: ScriptedFlow {}
private final class GrandchildFlow: ScriptedFlow {}

@Suite("navigate(to:): a step from outside the flows (a deep link) goes to the root flow, then to every child flow")
struct NavigateToTests {
    @Test("the root flow takes it as a stepper's step: announced, navigated, its screen's stepper listened to")
    func rootFlow() throws {
        let app = try FlowApp.home { home in home.on(.a) { flow in try flow.show("A") } }
        app.log.clear()

        try app.coordinator.navigate(to: TestStep.a)

        #expect(app.log.events == ["will HomeFlow a", "push A", "did HomeFlow a", "ready A"])
        #expect(app.screens == [["Home", "A"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("A")]))
    }

    @Test("no screen sends it: it is taken while every screen is covered, where a covered screen's step is refused")
    func noScreenChecks() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in try flow.show("A") }
            home.on(.b) { flow in try flow.show("B") }
        }
        try app.coordinator.navigate(to: TestStep.a)
        try app.flow.stack.present(Screen("Cover"), animated: true, style: .fullScreen)
        #expect(throws: FlowError.fromHiddenPresentable("A")) {
            try app.coordinator.emit(TestStep.b, fromPresentable: app.screen("A"))
        }

        try app.coordinator.navigate(to: TestStep.b)

        #expect(app.screens == [["Home", "A", "B"], ["Cover"]])
    }

    @Test("child flows get it after their parent, depth first in contribution order; one that does not accept it is passed over")
    func depthFirst() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        let first = FirstChildFlow(log: log)
        let grandchild = GrandchildFlow(log: log)
        let second = SecondChildFlow(log: log)
        home.on(.start) { flow in
            .multiple(flowContributors: [
                try flow.push("Home"),
                .contribute(withNextPresentable: first, withNextStepper: OneStepper(withSingleStep: TestStep.start)),
                .contribute(withNextPresentable: second, withNextStepper: NoneStepper()),
            ])
        }
        first.on(.start) { _ in .one(flowContributor: .contribute(withNextPresentable: grandchild, withNextStepper: NoneStepper())) }
        for flow in [home, grandchild, second] as [ScriptedFlow] { flow.on(.c) { _ in .none } }
        let app = FlowApp(home, log: log)
        try app.start(with: OneStepper(withSingleStep: TestStep.start))
        log.clear()

        try app.coordinator.navigate(to: TestStep.c)

        #expect(
            log.events == [
                "will HomeFlow c", "did HomeFlow c", "will GrandchildFlow c", "did GrandchildFlow c",
                "will SecondChildFlow c", "did SecondChildFlow c",
            ])
        #expect(
            app.tree
                == .flow(
                    "HomeFlow",
                    [.screen("Home"), .flow("FirstChildFlow", [.flow("GrandchildFlow", [])]), .flow("SecondChildFlow", [])]
                ))
    }

    @Test("a child flow the step creates navigates to its stepper's first step, then gets the step too (RxFlow#162)")
    func childCreatedByTheStep() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let child = ChildFlow(stack: flow.stack, log: flow.log)
                child.on(.start) { child in try child.show("Form") }
                child.on(.a) { child in try child.show("Detail") }
                return .one(
                    flowContributor: .contribute(withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.start)))
            }
        }
        app.log.clear()

        try app.coordinator.navigate(to: TestStep.a)

        #expect(
            app.log.events == [
                "will HomeFlow a", "did HomeFlow a",
                "will ChildFlow start", "push Form", "did ChildFlow start", "ready Form",
                "will ChildFlow a", "push Detail", "did ChildFlow a", "ready Detail",
            ])
        #expect(app.screens == [["Home", "Form", "Detail"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ChildFlow", [.screen("Form"), .screen("Detail")])]))
    }

    @Test("what the navigation forwards to its own flow runs before the step reaches the child flows")
    func forwardedFirst() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        let child = ChildFlow(log: log)
        home.on(.start) { flow in
            .multiple(flowContributors: [
                try flow.push("Home"), .contribute(withNextPresentable: child, withNextStepper: NoneStepper()),
            ])
        }
        home.on(.a) { _ in .one(flowContributor: .forwardToCurrentFlow(withStep: TestStep.b)) }
        home.on(.b) { flow in try flow.show("B") }
        child.on(.a) { _ in .none }
        let app = FlowApp(home, log: log)
        try app.start(with: OneStepper(withSingleStep: TestStep.start))
        log.clear()

        try app.coordinator.navigate(to: TestStep.a)

        #expect(
            log.events == [
                "will HomeFlow a", "did HomeFlow a", "will HomeFlow b", "push B", "did HomeFlow b", "ready B",
                "will ChildFlow a", "did ChildFlow a",
            ])
    }

    @Test("no flow accepts it: .notHandled, nothing announced, nothing changes")
    func notHandled() throws {
        let app = try FlowApp.home { home in home.on(.a) { flow in try flow.show("A") } }
        app.log.clear()

        #expect(throws: FlowError.notHandled("c")) { try app.coordinator.navigate(to: TestStep.c) }

        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
    }

    @Test("each flow's adapt applies: a rewritten step is the one navigated; one dropped is no error")
    func adapted() throws {
        let app = try FlowApp.home { home in
            home.adaptation = { step in
                switch step {
                case .a: TestStep.b
                case .c: nil
                default: step
                }
            }
            home.on(.b) { flow in try flow.show("B") }
        }
        app.log.clear()

        try app.coordinator.navigate(to: TestStep.a)
        try app.coordinator.navigate(to: TestStep.c)

        #expect(app.log.events == ["will HomeFlow b", "push B", "did HomeFlow b", "ready B"])
        #expect(app.screens == [["Home", "B"]])
    }

    @Test("a child flow whose root was dismissed, not pruned yet, is skipped")
    func dismissedChildSkipped() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let modal = ModalFlow(presentingFrom: flow.stack, log: flow.log)
                modal.on(.b) { modal in try modal.show("Second") }
                return .one(
                    flowContributor: .contribute(withNextPresentable: modal, withNextStepper: OneStepper(withSingleStep: TestStep.start)))
            }
        }
        try app.coordinator.navigate(to: TestStep.a)
        try #require(app.window.layers.last).controller.userDidDismissInteractively()
        app.log.clear()

        #expect(throws: FlowError.notHandled("b")) { try app.coordinator.navigate(to: TestStep.b) }

        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
    }

    @Test("before coordinate, and once every flow ended: .notHandled")
    func noFlow() throws {
        #expect(throws: FlowError.notHandled("a")) { try FlowCoordinator().navigate(to: TestStep.a) }

        let app = try FlowApp.home { home in home.on(.a) { flow in try flow.show("A") } }
        app.coordinator.stop()
        app.log.clear()

        #expect(throws: FlowError.notHandled("a")) { try app.coordinator.navigate(to: TestStep.a) }
        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
    }

    @Test("UIKit's refusal of the navigation it causes is thrown, and the flows stay as they were")
    func refusedNavigation() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                try flow.stack.push(flow.stack.viewControllers[0], animated: true)
                return .none
            }
        }
        app.log.clear()

        #expect(throws: FlowError.navigation(.alreadyOnStack("Home"))) { try app.coordinator.navigate(to: TestStep.a) }

        #expect(app.log.events == ["will HomeFlow a"])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
    }

    @Test("called from a .ready block, it waits its turn in the run and is handled before coordinate returns")
    func fromTheReadyBlock() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in try flow.show("Home") }
        home.on(.a) { flow in try flow.show("A") }
        let app = FlowApp(home, log: log)
        var refusal: FlowError?
        Flows.use(home, in: app.coordinator, when: .ready) { _ in
            do throws(FlowError) {
                try app.coordinator.navigate(to: TestStep.a)
            } catch {
                refusal = error
            }
        }

        try app.start(with: OneStepper(withSingleStep: TestStep.start))

        #expect(refusal == nil)
        #expect(
            log.events == [
                "will HomeFlow start", "push Home", "did HomeFlow start", "ready Home", "will HomeFlow a", "push A", "did HomeFlow a",
                "ready A",
            ])
        #expect(app.screens == [["Home", "A"]])
    }
}
