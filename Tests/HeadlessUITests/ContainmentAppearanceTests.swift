import HeadlessUI
import TestSupport
import Testing

@Suite("containment that the stack and the screen must follow")
struct ContainmentAppearanceTests {
    @Test("addChild and removeFromParent on a navigation stack cover and uncover its top, as a push and a pop do")
    func stackContainment() throws {
        let home = HookedController(screenName: "Home")
        let nav = try NavigationController(rootViewController: home)
        let window = Window.showing(nav)
        let page = HookedController(screenName: "Page")
        try nav.push(page, animated: false)
        page.removeFromParent()
        let added = HookedController(screenName: "Added")
        nav.addChild(added)
        added.didMove(toParent: nav)

        #expect(
            home.calls == [
                "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
                "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
            ])
        #expect(page.calls == ["A(moving: true, presented: false)", "D(moving: true, dismissed: false, appearFlags: false)"])
        #expect(added.calls == ["A(moving: true, presented: false)"])
        #expect(window.snapshot == [Layer(.root, ["Home", "Added"])])
    }

    @Test("addChild refuses a cycle, a presented controller and a window's root, changing nothing; present refuses one that presents")
    func refusedChildren() throws {
        let (a, b) = (ViewController(screenName: "A"), ViewController(screenName: "B"))
        a.addChild(b)
        b.addChild(a)
        #expect(a.parent == nil && b.parent === a && a.children.map(\.screenName) == ["B"])

        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = HookedController(screenName: "Sheet")
        try root.present(sheet, animated: false)
        let box = ViewController(screenName: "Box")
        box.addChild(sheet)
        box.addChild(root)
        #expect(box.children.isEmpty && sheet.parent == nil && root.parent == nil)
        #expect(sheet.calls == ["A(moving: false, presented: true)"])

        let cover = ViewController(screenName: "Cover")
        try root.dismiss(animated: false)
        try root.present(cover, animated: false, style: .fullScreen)
        window.rootViewController = box
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Root")) { try box.present(root, animated: false) }
        #expect(window.snapshot == [Layer(.root, ["Box"])])
    }
}
