import AppHosting
import BuiltinApps
import Foundation
import Testing

/// A built-in app lists its screens so that a swipe of a name it never shows is refused, not taken for a retry:
/// the list must hold every screen the app can show (or a real retry would be refused) and nothing else.
@Suite("each built-in app lists exactly the screens it shows")
struct ScreenListTests {
    /// The names a state shows as screens: its layers' stacks, and the tree's nodes that own a view controller.
    static func screens(in state: NSDictionary) -> Set<String> {
        var names = Set(((state["layers"] as? [NSDictionary]) ?? []).flatMap { ($0["stack"] as? [String]) ?? [] })
        func walk(_ node: NSDictionary) {
            if let kind = node["kind"] as? String, ["launch", "viewable", "presentable"].contains(kind),
                let name = node["name"] as? String
            {
                names.insert(name)
            }
            for child in (node["children"] as? [NSDictionary]) ?? [] { walk(child) }
        }
        if let tree = state["tree"] as? NSDictionary { walk(tree) }
        return names
    }

    @Test(
        "the list is the screens of every state the app can reach",
        arguments: [BuiltinApps.navigation, BuiltinApps.login, BuiltinApps.todo, BuiltinApps.flow])
    func listMatchesReachableScreens(app: AppDefinition) throws {
        let listed = try #require(app.screens)
        let shown = AcceptsMatchesOutcomesTests.reachable(in: app, depth: 5).reduce(into: Set<String>()) {
            $0.formUnion(Self.screens(in: $1.state))
        }
        #expect(Set(listed) == shown)
        #expect(listed.count == shown.count, "each screen listed once")
    }
}
