import HeadlessUI
import TestSupport
import Testing

/// Parent, presenter and window pointers are unretained (as in UIKit): whatever outlives its container,
/// presenter or window must be told, not left pointing at freed memory.
@Suite("Back pointers: a controller that outlives its container, presenter or window")
struct BackPointerTests {
    @Test("a child kept alive after its navigation controller is gone has no parent and is off screen")
    func childOutlivesContainer() throws {
        let page = ViewController(screenName: "A")
        do {
            let window = Window()
            let navigation = try NavigationController(rootViewController: ViewController(screenName: "Home"))
            window.rootViewController = navigation
            try navigation.push(page, animated: false)
            #expect(page.parent === navigation && page.navigationController === navigation && page.isOnScreen)
        }

        #expect(page.parent == nil)
        #expect(page.navigationController == nil)
        #expect(page.presentingViewController == nil)
        #expect(page.window == nil && !page.isOnScreen)
    }

    @Test("a presented controller kept alive after its presenter is gone has no presenter and is off screen")
    func presentedOutlivesPresenter() throws {
        let sheet = ViewController(screenName: "Sheet")
        do {
            let window = Window()
            let root = ViewController(screenName: "Root")
            window.rootViewController = root
            try root.present(sheet, animated: false)
            #expect(sheet.presentingViewController === root && sheet.isPresented && sheet.isOnScreen)
        }

        #expect(sheet.presentingViewController == nil)
        #expect(!sheet.isPresented)
        #expect(!sheet.isOnScreen)
        // Free again: it can be presented elsewhere.
        let other = ViewController(screenName: "Other")
        let window = Window.showing(other)
        try other.present(sheet, animated: false)
        #expect(sheet.presentingViewController === other)
        #expect(window.snapshot == [Layer(.root, ["Other"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("a root kept alive after its window is gone is off screen and can be a root again")
    func rootOutlivesWindow() throws {
        let root = ViewController(screenName: "Root")
        do {
            let window = Window()
            window.rootViewController = root
            #expect(root.window === window && root.isOnScreen)
        }

        #expect(root.window == nil && !root.isOnScreen)
        let next = Window()
        next.rootViewController = root
        #expect(root.window === next)
    }
}
