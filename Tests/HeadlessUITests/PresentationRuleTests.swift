import HeadlessUI
import TestSupport
import Testing

@Suite("Presentation rules: refused presentations throw and change nothing")
struct PresentationRuleTests {
    @Test("presenting from a controller already presenting throws alreadyPresenting with UIKit's message")
    func alreadyPresenting() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let loggedOut = ViewController(screenName: "LoggedOut")
        let todo = ViewController(screenName: "Todo")
        try root.present(loggedOut, animated: true, style: .fullScreen)
        var completions = 0

        let error = #expect(throws: ViewHierarchyError.self) {
            try root.present(todo, animated: false, style: .fullScreen) { completions += 1 }
        }

        #expect(error == .alreadyPresenting(presenter: "Root", presented: "LoggedOut", attempted: "Todo"))
        #expect(error?.description == "Attempt to present Todo on Root which is already presenting LoggedOut")
        #expect(root.presentedViewController === loggedOut)
        #expect(loggedOut.presentingViewController === root)
        #expect(todo.presentingViewController == nil)
        #expect(todo.modalPresentationStyle == .pageSheet)
        #expect(root.lastTransition == Transition(kind: .present, animated: true))
        #expect(completions == 0)
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["LoggedOut"])])
    }

    @Test("presenting a controller that the presenter hangs from (a loop) throws alreadyInHierarchy and changes nothing")
    func presentAncestor() throws {
        let base = ViewController(screenName: "Base")
        let window = Window.showing(base)
        let sheet = ViewController(screenName: "Sheet")
        let inner = ViewController(screenName: "Inner")
        try base.present(sheet, animated: false)
        sheet.addChild(inner)

        for presenter in [sheet, inner] {
            #expect(throws: ViewHierarchyError.alreadyInHierarchy("Base")) { try presenter.present(base, animated: true) }
        }

        #expect(base.presentedViewController === sheet && base.presentingViewController == nil)
        #expect(sheet.presentedViewController == nil && inner.presentedViewController == nil)
        #expect(window.snapshot == [Layer(.root, ["Base"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("presenting a controller contained in a container throws alreadyInHierarchy")
    func presentContained() {
        let root = ViewController(screenName: "Root")
        let container = ViewController(screenName: "Container")
        let child = ViewController(screenName: "Child")
        container.addChild(child)

        let error = #expect(throws: ViewHierarchyError.self) {
            try root.present(child, animated: true, style: .fullScreen)
        }

        #expect(error == .alreadyInHierarchy("Child"))
        #expect(error?.description == "Child is already in a view hierarchy (contained, presented, presenting, or a window's root)")
        #expect(root.presentedViewController == nil)
        #expect(child.presentingViewController == nil && child.parent === container)
        #expect(child.modalPresentationStyle == .pageSheet)
        #expect(root.lastTransition == nil)
    }

    @Test("presenting a controller another one already presents throws alreadyInHierarchy")
    func presentPresented() throws {
        let first = ViewController(screenName: "First")
        let second = ViewController(screenName: "Second")
        let (window, otherWindow) = (Window.showing(first), Window.showing(second))
        let sheet = ViewController(screenName: "Sheet")
        try first.present(sheet, animated: true)

        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Sheet")) {
            try second.present(sheet, animated: true)
        }
        #expect(sheet.presentingViewController === first)
        #expect(second.presentedViewController == nil)
        #expect(window.snapshot == [Layer(.root, ["First"]), Layer(.pageSheet, ["Sheet"])])
        #expect(otherWindow.snapshot == [Layer(.root, ["Second"])])
    }

    @Test("presenting from a controller in no window throws notInWindowHierarchy with UIKit's message and changes nothing")
    func presentOffScreen() throws {
        let lone = ViewController(screenName: "Lone")
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let popped = ViewController(screenName: "Popped")
        let window = Window.showing(nav)
        try nav.push(popped, animated: false)
        try nav.pop(animated: false)
        let sheet = ViewController(screenName: "Sheet")
        var completions = 0

        for presenter in [lone, popped] {
            let error = #expect(throws: ViewHierarchyError.self) {
                try presenter.present(sheet, animated: true, style: .fullScreen) { completions += 1 }
            }
            #expect(error == .notInWindowHierarchy(presenter: presenter.screenName, attempted: "Sheet"))
            #expect(error?.description == "Attempt to present Sheet on \(presenter.screenName) whose view is not in the window hierarchy")
            #expect(presenter.presentedViewController == nil && presenter.lastTransition == nil)
        }
        #expect(sheet.presentingViewController == nil && sheet.modalPresentationStyle == .pageSheet)
        #expect(completions == 0)
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("a controller cannot present itself")
    func presentSelf() {
        let root = ViewController(screenName: "Root")
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Root")) {
            try root.present(root, animated: true)
        }
        #expect(root.presentedViewController == nil)
    }

    @Test("a window's root view controller cannot be presented")
    func presentWindowRoot() {
        let window = Window()
        let root = ViewController(screenName: "Root")
        window.rootViewController = root
        let other = ViewController(screenName: "Other")

        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Root")) {
            try other.present(root, animated: true)
        }
        #expect(other.presentedViewController == nil)
        #expect(root.presentingViewController == nil)
    }
}
