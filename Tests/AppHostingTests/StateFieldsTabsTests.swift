import AppHosting
import Foundation
import HeadlessUI
import Testing

/// The screen fields of the state document with a tab bar on screen, byte for byte.
@Suite("StateFields: tabs and selectedTab on a layer that shows a tab bar, and only there")
struct StateFieldsTabsTests {
    /// The fields `writeScreen` writes for `window`, in an object, with no accepted events and no leaks.
    private func screen(of window: Window) throws -> String {
        var json = JSONWriter(capacity: 64)
        json.beginObject()
        StateFields.writeScreen(of: window, accepts: [], leaks: [], to: &json)
        json.endObject()
        let bytes = json.bytes
        #expect(try JSONSerialization.jsonObject(with: Data(bytes)) is [String: Any])
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a tab bar's layer lists its tabs and the selected index; its stack, and the state's stack and top, are the selected tab's")
    func tabBarLayer() throws {
        let home = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        try home.push(ViewController(screenName: "Detail"), animated: false)
        let tabBar = try TabBarController(viewControllers: [home, ViewController(screenName: "Profile")])
        let window = Window()
        window.rootViewController = tabBar
        window.makeKeyAndVisible()

        #expect(
            try screen(of: window)
                == #"{"layers":[{"style":"root","stack":["Home","Detail"],"tabs":["Home","Profile"],"selectedTab":0}],"#
                + #""stack":["Home","Detail"],"top":"Detail","accepts":[],"leaks":[]}"#)

        try tabBar.select(at: 1)
        try tabBar.present(ViewController(screenName: "Sheet"), animated: false)

        #expect(
            try screen(of: window)
                == #"{"layers":[{"style":"root","stack":["Profile"],"tabs":["Home","Profile"],"selectedTab":1},"#
                + #"{"style":"pageSheet","stack":["Sheet"]}],"stack":["Sheet"],"top":"Sheet","accepts":[],"leaks":[]}"#)
    }

    @Test("a tab bar with no tabs: its own screen, an empty list of tabs and a null selection")
    func emptyTabBar() throws {
        let window = Window()
        window.rootViewController = TabBarController()

        #expect(
            try screen(of: window)
                == #"{"layers":[{"style":"root","stack":["TabBarController"],"tabs":[],"selectedTab":null}],"#
                + #""stack":["TabBarController"],"top":"TabBarController","accepts":[],"leaks":[]}"#)
    }

    @Test("layers without a tab bar have no tabs fields: the document is the one written before tab bars")
    func noTabBar() throws {
        let root = ViewController(screenName: "Root")
        let stack = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        root.addChild(stack)
        stack.didMove(toParent: root)
        let window = Window()
        window.rootViewController = root
        window.makeKeyAndVisible()
        try root.present(ViewController(screenName: "Sheet"), animated: false)

        #expect(
            try screen(of: window)
                == #"{"layers":[{"style":"root","stack":["Home"]},{"style":"pageSheet","stack":["Sheet"]}],"#
                + #""stack":["Sheet"],"top":"Sheet","accepts":[],"leaks":[]}"#)
    }
}
