import Foundation

/// The expected states of the built-in apps, as the contract describes them.
enum Expected {
    /// The `login` app: Login, or HomeFlow with Home, pushed pages and maybe a presented sheet.
    static func login(
        _ id: String, version: Int, user: String? = nil, pages: [String] = [], presented: (screen: String, style: String)? = nil
    ) -> NSDictionary {
        guard let user else {
            return sessionState(
                id, app: "login", version: version,
                tree: node("Root", "launch", [node("Login", "viewable")]),
                layers: [layer("root", ["Login"])], accepts: ["login"])
        }
        var children = [node("Home", "viewable", state: ["name": user])] + pages.map { node($0, "viewable") }
        var layers = [layer("root", ["Home"] + pages)]
        // A, B and C can each be pushed once; Home cannot be popped.
        var accepts = (pages.count < 3 ? ["push"] : []) + (pages.isEmpty ? [] : ["pop", "didPop"]) + ["present", "logout"]
        if let presented {
            children.append(node(presented.screen, "viewable"))
            layers.append(layer(presented.style, [presented.screen]))
            // Only a sheet can be swiped down.
            accepts = presented.style == "pageSheet" ? ["dismiss", "didDismiss", "logout"] : ["dismiss", "logout"]
        }
        return sessionState(
            id, app: "login", version: version,
            tree: node("Root", "launch", [node("HomeFlow", "viewless", children)]), layers: layers, accepts: accepts)
    }

    /// The `navigation` app: Root presents Navigation full screen; pages pushed on its stack.
    /// `accepts` is what the app takes with `pages` pushed, unless given (a session at its event limit takes nothing).
    static func navigation(_ id: String, version: Int, pages: [String] = [], accepts: [String]? = nil) -> NSDictionary {
        sessionState(
            id, app: "navigation", version: version,
            tree: node("Root", "launch", [node("Navigation", "viewable", pages.map { node($0, "viewable") })]),
            layers: [layer("root", ["Root"]), layer("fullScreen", ["Navigation"] + pages)],
            accepts: accepts ?? (pages.count < 3 ? ["push"] : []) + (pages.isEmpty ? [] : ["pop", "didPop"]))
    }

    /// The `todo` app: Root presents LoggedOut, or Todo once logged in.
    static func todo(_ id: String, version: Int, user: String? = nil) -> NSDictionary {
        let child = user.map { node("Todo", "viewable", state: ["name": $0]) } ?? node("LoggedOut", "viewable")
        return sessionState(
            id, app: "todo", version: version,
            tree: node("Root", "launch", [child]),
            layers: [layer("root", ["Root"]), layer("fullScreen", [user == nil ? "LoggedOut" : "Todo"])],
            accepts: user == nil ? ["login"] : ["logout"])
    }
}
