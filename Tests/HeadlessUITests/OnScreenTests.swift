import HeadlessUI
import TestSupport
import Testing

@Suite("isOnScreen: in the window's hierarchy or not")
struct OnScreenTests {
    @Test("a controller never shown is not on screen")
    func neverShown() {
        let loose = ViewController(screenName: "Loose")
        #expect(loose.isOnScreen == false)
        #expect(loose.window == nil)
    }

    @Test("the root, a contained controller and presented controllers are on screen; popped and dismissed ones are not")
    func containedPresentedPoppedDismissed() throws {
        let window = Window()
        let home = ViewController(screenName: "Home")
        let detail = ViewController(screenName: "Detail")
        let nav = try NavigationController(rootViewController: home)
        try nav.push(detail, animated: true)
        window.rootViewController = nav
        let sheet = ViewController(screenName: "Sheet")
        let overSheet = ViewController(screenName: "OverSheet")
        try detail.present(sheet, animated: true)
        try sheet.present(overSheet, animated: true)

        #expect([nav, home, detail, sheet, overSheet].allSatisfy { $0.isOnScreen && $0.window === window })

        try sheet.dismiss(animated: true)
        #expect(overSheet.isOnScreen == false)
        #expect(sheet.isOnScreen)

        try detail.dismiss(animated: true)
        #expect(sheet.isOnScreen == false)

        try nav.pop(animated: true)
        #expect(detail.isOnScreen == false)
        #expect(home.isOnScreen && nav.isOnScreen)
    }

    @Test("replacing the window's root takes the old root and everything hanging from it off screen")
    func replaceRoot() throws {
        let window = Window()
        let oldRoot = ViewController(screenName: "OldRoot")
        let child = ViewController(screenName: "Child")
        oldRoot.addChild(child)
        let cover = ViewController(screenName: "Cover")
        window.rootViewController = oldRoot
        try oldRoot.present(cover, animated: true, style: .fullScreen)
        #expect(oldRoot.isOnScreen && child.isOnScreen && cover.isOnScreen)

        let newRoot = ViewController(screenName: "NewRoot")
        window.rootViewController = newRoot

        #expect(oldRoot.isOnScreen == false)
        #expect(child.isOnScreen == false)
        #expect(cover.isOnScreen == false)
        #expect(newRoot.isOnScreen && newRoot.window === window)
        #expect(window.snapshot == [Layer(.root, ["NewRoot"])])
    }

    @Test("a container with a navigation controller: the stack is on screen, a replaced navigation controller is not")
    func replacedContainedNavigation() throws {
        let window = Window()
        let container = ViewController(screenName: "Root")
        window.rootViewController = container
        let login = ViewController(screenName: "Login")
        let first = try NavigationController(rootViewController: login)
        container.addChild(first)
        first.didMove(toParent: container)
        #expect(login.isOnScreen)

        let home = ViewController(screenName: "Home")
        let second = try NavigationController(rootViewController: home)
        first.willMove(toParent: nil)
        first.removeFromParent()
        container.addChild(second)
        second.didMove(toParent: container)

        #expect(login.isOnScreen == false && first.isOnScreen == false)
        #expect(home.isOnScreen)
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test(
        "isVisible: on screen and uncovered; a covered page, a page under a full-screen modal and a loose one are not, a page under a sheet is"
    )
    func visibility() throws {
        let container = ViewController(screenName: "Container")
        let window = Window.showing(container)
        let home = ViewController(screenName: "Home")
        let page = ViewController(screenName: "Page")
        let nav = try NavigationController(rootViewController: home)
        try nav.push(page, animated: false)
        container.addChild(nav)
        nav.didMove(toParent: container)

        #expect([container, nav, home, page].map(\.isVisible) == [true, true, false, true])
        let sheet = ViewController(screenName: "Sheet")
        try page.present(sheet, animated: true)
        #expect([container, nav, page, sheet].map(\.isVisible) == [true, true, true, true])
        try page.dismiss(animated: true)
        let cover = ViewController(screenName: "Cover")
        try page.present(cover, animated: true, style: .fullScreen)
        #expect([container, nav, page, cover].map(\.isVisible) == [false, false, false, true])
        #expect(ViewController(screenName: "Loose").isVisible == false)
        #expect(window.snapshot == [Layer(.root, ["Home", "Page"]), Layer(.fullScreen, ["Cover"])])
    }
}
