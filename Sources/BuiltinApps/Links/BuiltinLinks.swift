import AppHosting
import RIBs

/// The links each built-in app opens: one to each of its screens, from wherever it is.
enum BuiltinLinks {
    /// `navigation` (the stack's root) and `navigation/A`, `/B`, `/C`.
    static let navigation = ScreenLinks.stackLinks(prefix: "navigation", root: "Navigation", screens: ["A", "B", "C"], before: LinkWalk())

    /// Logged in, with no Profile over Home: the way to every screen past Login. A logged-out app cannot get
    /// there (as RIBs' tutorial workflow waits for a login, which over HTTP is the client's to send).
    private static let home = LinkWalk()
        .step("logged in") { runtime in
            LinkWalk.shows("Login", in: runtime) ? .cannotProceed("nobody is logged in: log in first") : .stay
        }
        .step("Profile closed") { runtime in ScreenLinks.frontStack(of: runtime) == ["Profile"] ? .event(.dismiss) : .stay }

    /// `login` (logs out), `welcome?name=` (logs in as that name, then Home), `home`, `home/A`...`/C`, `profile`.
    static let login: [LinkDeclaration] =
        [
            LinkDeclaration("login", description: "Login: whoever is logged in logs out") { _, runtime throws(LinkRefusal) in
                try LinkWalk().step("logged out") { LinkWalk.shows("Login", in: $0) ? .stay : .event(.logout) }.run(on: runtime)
            },
            LinkDeclaration("welcome?name={name}", description: "Home, logged in as `name` if nobody is") {
                parameters, runtime throws(LinkRefusal) in
                let name = parameters["name"] ?? ""
                try LinkWalk()
                    .step("logged in") { LinkWalk.shows("Login", in: $0) ? .event(.login(name: name)) : .stay }
                    .step("Profile closed") { ScreenLinks.frontStack(of: $0) == ["Profile"] ? .event(.dismiss) : .stay }
                    .step("back to Home") { ScreenLinks.back(to: "Home", in: $0) }
                    .run(on: runtime)
            },
            LinkDeclaration("profile", description: "Profile over Home") { _, runtime throws(LinkRefusal) in
                try home.step("show Profile") { _ in .event(.present(screen: "Profile", style: nil)) }.run(on: runtime)
            },
        ] + ScreenLinks.stackLinks(prefix: "home", root: "Home", screens: ["A", "B", "C"], before: home)

    /// `loggedOut` (logs out), `todo?user=` (logs in as that user), `todo` (when someone is logged in).
    static let todo: [LinkDeclaration] = [
        LinkDeclaration("loggedOut", description: "LoggedOut: whoever is logged in logs out") { _, runtime throws(LinkRefusal) in
            try LinkWalk().step("logged out") { LinkWalk.shows("LoggedOut", in: $0) ? .stay : .event(.logout) }.run(on: runtime)
        },
        LinkDeclaration("todo?user={user}", description: "Todo, logged in as `user` if nobody is") {
            parameters, runtime throws(LinkRefusal) in
            let user = parameters["user"] ?? ""
            try LinkWalk().step("logged in") { LinkWalk.shows("LoggedOut", in: $0) ? .event(.login(name: user)) : .stay }.run(
                on: runtime)
        },
        LinkDeclaration("todo", description: "Todo, when someone is logged in") { _, runtime throws(LinkRefusal) in
            try LinkWalk()
                .step("logged in") { LinkWalk.shows("LoggedOut", in: $0) ? .cannotProceed("nobody is logged in: log in first") : .stay }
                .run(on: runtime)
        },
    ]
}
