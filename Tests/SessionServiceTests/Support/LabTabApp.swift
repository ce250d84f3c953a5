import AppHosting
import HeadlessUI
import RIBs

/// A test-only app with a tab bar: Root presents a tab bar full screen at launch, its tabs Feed (a navigation
/// stack) and Settings. Root takes the app's own `selectTab {tab}` and `push {screen}` onto the selected tab's
/// stack, and `pop` from it: enough to show the tabs, the selected one and a stack per tab over HTTP.
enum LabTabApp {
    static let selectTab = EventDeclaration(
        "selectTab", description: "Select a tab by its screen", fields: [.oneOf("tab", ["Feed", "Settings"])])

    static func tabs() -> AppDefinition {
        AppDefinition(
            id: "tabs", description: "test: a tab bar, a stack per tab", events: [.push, .pop], declaring: [selectTab],
            screens: ["Root", "Tabs", "Feed", "Settings", "A", "B"]
        ) {
            let interactor = TabRootInteractor()
            return RIBAppRuntime(root: TabRootRouter(interactor: interactor, viewController: TabScreen(screenName: "Root"), name: "Root"))
        }
    }
}

final class TabScreen: ViewController, ViewControllable, Presentable {}

final class TabRootInteractor: Interactor, EventHandling {
    /// Set by the router once it has made the tab bar.
    var tabBar: TabBarController?

    var acceptedEvents: [EventType] { [.declared("selectTab"), .push, .pop] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let tabBar else { return false }
        do {
            if let select = event.declared("selectTab") {
                let name = try select.string("tab")
                guard let tab = tabBar.viewControllers.first(where: { $0.screenName == name }) else { return false }
                try tabBar.select(tab)
                return true
            }
            guard let stack = tabBar.selectedViewController as? NavigationController else { return false }
            switch event {
            case let .push(screen):
                try stack.push(TabScreen(screenName: screen), animated: true)
            case .pop:
                _ = try stack.pop(animated: true)
            default:
                return false
            }
        } catch let error as ViewHierarchyError {
            throw .invalidNavigation(error.description)
        } catch {
            throw .internalFailure("\(error)")
        }
        return true
    }
}

final class TabRootRouter: LaunchRouter<TabRootInteractor, TabScreen> {
    override func didLoad() {
        super.didLoad()
        guard let feed = try? NavigationController(rootViewController: TabScreen(screenName: "Feed")),
            let tabBar = try? TabBarController(viewControllers: [feed, TabScreen(screenName: "Settings")])
        else { return }
        interactor.tabBar = tabBar
        try? viewController.present(tabBar, animated: false, style: .fullScreen)
    }
}
