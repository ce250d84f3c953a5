import HeadlessUI
import RIBs
import TestSupport
import Testing

@Suite("Seed 001: Login, then Home, through Root's container setRoot")
struct Seed001LoginHomeTests {
    @Test("at launch Root attaches Login and contains it in a navigation controller")
    func launchShowsLogin() {
        let window = Window()
        let root = Seed001.RootBuilder(dependency: EmptyComponent()).build()

        root.launch(from: window)

        #expect(tree(root) == "Root[Login]")
        #expect(window.snapshot == [Layer(.root, ["Login"])])
        #expect(window.layers[0].controller === root.viewController)
        #expect(root.viewController.children.count == 1 && root.viewController.children[0] is NavigationController)
    }

    @Test("didLogin(name) routes to Home built with the name; Login is detached, off screen and released")
    func loginRoutesToHome() throws {
        let window = Window()
        let detector = LeakDetector()
        let root = Seed001.RootBuilder(dependency: EmptyComponent()).build()
        root.launch(from: window, leakDetector: detector)
        weak var loginView: Seed001.LoginViewController?
        do {
            let login = try #require(window.topViewController as? Seed001.LoginViewController)
            loginView = login
            login.touchToLogin(name: "Summer")
        }

        #expect(tree(root) == "Root[Home]")
        #expect(window.snapshot == [Layer(.root, ["Home"])])
        let home = try #require(root.currentChild as? Seed001.HomeRouter)
        #expect(home.interactor.name == "Summer")
        #expect(home.interactor.isActive)
        #expect(root.viewController.children.count == 1)
        #expect(root.viewController.children[0] === home.viewController.navigationController)
        #expect(loginView == nil)
        #expect(detector.leaks().isEmpty)
    }
}
